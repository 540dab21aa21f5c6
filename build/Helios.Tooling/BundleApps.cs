// The apps a boot bundle carries (apps/<name>.elf in its newc cpio archive), so that `helios boot --run` can refuse a
// name the kernel would not find before booting, suggesting the nearest names.
using System.Globalization;
using System.Text;

namespace Helios.Tooling;

public static class BundleApps
{
    /// <summary>The names of the apps in the bundle, sorted; an unreadable or damaged archive gives what came before.</summary>
    public static IReadOnlyList<string> Read(string bundle)
    {
        byte[] data = File.ReadAllBytes(bundle);
        var apps = new SortedSet<string>(StringComparer.Ordinal);
        long offset = 0;
        while (offset + 110 <= data.Length)
        {
            if (Encoding.ASCII.GetString(data, (int)offset, 6) != CpioWriter.Magic) break;
            if (!TryHex(data, offset + 54, out long fileSize) || !TryHex(data, offset + 94, out long nameSize) || nameSize < 1) break;
            if (offset + 110 + nameSize > data.Length) break;
            string name = Encoding.ASCII.GetString(data, (int)offset + 110, (int)nameSize - 1);
            if (name == CpioWriter.Trailer) break;
            if (name.StartsWith("apps/", StringComparison.Ordinal) && name.EndsWith(".elf", StringComparison.Ordinal))
                apps.Add(name["apps/".Length..^".elf".Length]);
            offset = Align(Align(offset + 110 + nameSize) + fileSize);
        }
        return apps.ToList();
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
