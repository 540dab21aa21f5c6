// FAT32 disk images for ./helios disk create and ./helios boot --disk: made by Debian's mkfs.vfat (dosfstools) and
// filled from a host folder by mcopy (mtools), both installed by ./helios setup.
using System.Diagnostics;

namespace Helios.Tooling.Disk;

public static class FatImage
{
    /// <summary>
    /// The smallest image: FAT32 needs at least 65,525 clusters, which mkfs.vfat's smallest (512-byte) clusters reach
    /// near 33 MiB; mtools and Windows read a smaller "FAT32" volume as FAT16.
    /// </summary>
    public const long MinimumMiB = 33;

    /// <summary>The largest image: FAT32's 2 TiB with 512-byte sectors.</summary>
    public const long MaximumMiB = 2L * 1024 * 1024;

    /// <summary>The volume label images get.</summary>
    public const string Label = "HELIOS";

    public sealed class ToolException(string message) : Exception(message);

    /// <summary>
    /// Makes <paramref name="file"/> a FAT32 image of <paramref name="sizeMiB"/> MiB (a sparse file), then copies every
    /// file and folder under <paramref name="from"/> (if given) into its root. Returns how many files were copied. An
    /// existing file is refused; on failure (a tool missing or failing, the folder not fitting) the new image is deleted
    /// and ToolException says why.
    /// </summary>
    public static int Create(string file, long sizeMiB, string? from)
    {
        if (sizeMiB < MinimumMiB || sizeMiB > MaximumMiB) throw new ArgumentOutOfRangeException(nameof(sizeMiB));
        if (File.Exists(file) || Directory.Exists(file)) throw new ToolException($"{file} exists");
        string? directory = Path.GetDirectoryName(Path.GetFullPath(file));
        if (directory is not null) Directory.CreateDirectory(directory);
        try
        {
            Run("mkfs.vfat", "-F", "32", "-n", Label, "-C", file, (sizeMiB * 1024).ToString(System.Globalization.CultureInfo.InvariantCulture));
            if (from is null) return 0;
            string[] children = Directory.GetFileSystemEntries(from).Order(StringComparer.Ordinal).ToArray();
            if (children.Length > 0) Run("mcopy", ["-s", "-m", "-Q", "-i", file, .. children, "::/"]);
            return Directory.EnumerateFiles(from, "*", SearchOption.AllDirectories).Count();
        }
        catch
        {
            File.Delete(file);
            throw;
        }
    }

    /// <summary>Where a dosfstools or mtools program is: on PATH, or in /usr/sbin and /sbin, which a user's PATH may lack.</summary>
    public static string Find(string tool)
    {
        IEnumerable<string> path = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries);
        foreach (string directory in path.Concat(["/usr/sbin", "/sbin"]))
        {
            string candidate = Path.Combine(directory, tool);
            if (File.Exists(candidate)) return candidate;
        }
        throw new ToolException($"{tool} is not installed: run ./helios setup (it installs dosfstools and mtools)");
    }

    private static void Run(string tool, params string[] arguments)
    {
        var start = new ProcessStartInfo(Find(tool)) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        // mtools: no geometry checks on an image file; long names in UTF-8 whatever the caller's locale.
        start.Environment["MTOOLS_SKIP_CHECK"] = "1";
        start.Environment["LC_ALL"] = "C.UTF-8";
        using Process process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        if (process.ExitCode != 0)
        {
            string said = (output + error.Result).Trim();
            throw new ToolException($"{tool} exited with {process.ExitCode}" + (said.Length > 0 ? ": " + said.ReplaceLineEndings("; ") : ""));
        }
    }
}
