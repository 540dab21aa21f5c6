// The apps a boot bundle carries (apps/<name>.elf in its newc cpio archive), so that `helios boot --run` can refuse a
// name the kernel would not find before booting, suggesting the nearest names, and `boot --no-build` can refuse a
// bundle older than the app images built since.
using System.Globalization;
using System.Text;

namespace Helios.Tooling;

public static class BundleApps
{
    /// <summary>The names of the apps in the bundle, sorted; an unreadable or damaged archive gives what came before.</summary>
    public static IReadOnlyList<string> Read(string bundle) => Images(bundle).Keys.ToList();

    /// <summary>The apps whose image beside the bundle (apps/<name>.elf, where the build puts them) is not the one the
    /// bundle carries: built after it (`dotnet build` of one app builds no bundle), so booting it would run old code.</summary>
    public static IReadOnlyList<string> Stale(string bundle)
    {
        string directory = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(bundle))!, "apps");
        var stale = new List<string>();
        foreach ((string app, ArraySegment<byte> image) in Images(bundle))
        {
            string built = Path.Combine(directory, app + ".elf");
            if (File.Exists(built) && !File.ReadAllBytes(built).AsSpan().SequenceEqual(image)) stale.Add(app);
        }
        return stale;
    }

    // Each apps/<name>.elf of the archive with its bytes, by name.
    private static SortedDictionary<string, ArraySegment<byte>> Images(string bundle)
    {
        var apps = new SortedDictionary<string, ArraySegment<byte>>(StringComparer.Ordinal);
        foreach ((string name, ArraySegment<byte> bytes) in Files(bundle))
            if (name.StartsWith("apps/", StringComparison.Ordinal) && name.EndsWith(".elf", StringComparison.Ordinal))
                apps[name["apps/".Length..^".elf".Length]] = bytes;
        return apps;
    }

    /// <summary>Every file of the archive (apps/hello.elf, apps/hello.manifest, init.conf) with its bytes, by path;
    /// an unreadable or damaged archive gives what came before.</summary>
    public static SortedDictionary<string, ArraySegment<byte>> Files(string bundle)
    {
        byte[] data = File.ReadAllBytes(bundle);
        var files = new SortedDictionary<string, ArraySegment<byte>>(StringComparer.Ordinal);
        long offset = 0;
        while (offset + 110 <= data.Length)
        {
            if (Encoding.ASCII.GetString(data, (int)offset, 6) != CpioWriter.Magic) break;
            if (!TryHex(data, offset + 54, out long fileSize) || !TryHex(data, offset + 94, out long nameSize) || nameSize < 1) break;
            if (offset + 110 + nameSize > data.Length) break;
            string name = Encoding.ASCII.GetString(data, (int)offset + 110, (int)nameSize - 1);
            if (name == CpioWriter.Trailer) break;
            long start = Align(offset + 110 + nameSize);
            if (start + fileSize > data.Length) break;
            // Regular files only (c_mode's type bits), not the apps directory.
            if (TryHex(data, offset + 14, out long mode) && (mode & 0xF000) == 0x8000)
                files[name] = new ArraySegment<byte>(data, (int)start, (int)fileSize);
            offset = Align(start + fileSize);
        }
        return files;
    }

    /// <summary>Up to three names close to the one asked for: a prefix either way, or at most a third of it mistyped.</summary>
    public static IReadOnlyList<string> Nearest(string wanted, IEnumerable<string> apps)
    {
        string lower = wanted.ToLowerInvariant();
        return apps
            .Select(app => (App: app, Distance: app.StartsWith(lower, StringComparison.Ordinal) || lower.StartsWith(app, StringComparison.Ordinal) ? 0 : Distance(lower, app)))
            .Where(c => c.Distance <= Math.Max(1, lower.Length / 3))
            .OrderBy(c => c.Distance).ThenBy(c => c.App, StringComparer.Ordinal)
            .Take(3).Select(c => c.App).ToList();
    }

    private static long Align(long value) => (value + 3) & ~3L;

    private static bool TryHex(byte[] data, long at, out long value)
        => long.TryParse(Encoding.ASCII.GetString(data, (int)at, 8), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out value);

    // Levenshtein distance: insertions, deletions and substitutions.
    private static int Distance(string a, string b)
    {
        var previous = new int[b.Length + 1];
        var current = new int[b.Length + 1];
        for (int j = 0; j <= b.Length; j++) previous[j] = j;
        for (int i = 1; i <= a.Length; i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.Length; j++)
                current[j] = Math.Min(Math.Min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
            (previous, current) = (current, previous);
        }
        return previous[b.Length];
    }
}
