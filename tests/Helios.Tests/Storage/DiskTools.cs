// dosfstools and mtools, as the FAT32 tests use them: images made by mkfs.vfat, filled and read by mcopy, checked by
// fsck.vfat. They come from Debian (./helios setup installs them); a machine without them fails these tests, saying so.
using Xunit;
using System.Diagnostics;

namespace Helios.Tests.Storage;

internal static class DiskTools
{
    private static readonly string[] SystemDirectories = ["/usr/sbin", "/sbin", "/usr/bin", "/bin"];

    public static string Find(string tool)
    {
        IEnumerable<string> path = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries);
        foreach (string directory in path.Concat(SystemDirectories))
        {
            string candidate = Path.Combine(directory, tool);
            if (File.Exists(candidate)) return candidate;
        }
        throw new InvalidOperationException($"{tool} is not installed: run ./helios setup (it installs dosfstools and mtools)");
    }

    public static (int Code, string Output) Run(string tool, params string[] arguments)
    {
        var start = new ProcessStartInfo(Find(tool)) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        // mtools: no geometry checks on image files; UTF-8 for long names whatever the test's locale.
        start.Environment["MTOOLS_SKIP_CHECK"] = "1";
        start.Environment["LC_ALL"] = "C.UTF-8";
        using Process process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        if (!process.WaitForExit(120_000))
        {
            process.Kill();
            throw new TimeoutException($"{tool} {string.Join(' ', arguments)} did not finish");
        }
        return (process.ExitCode, output + error.Result);
    }

    public static string RunOk(string tool, params string[] arguments)
    {
        (int code, string output) = Run(tool, arguments);
        if (code != 0) throw new InvalidOperationException($"{tool} {string.Join(' ', arguments)} exited with {code}:\n{output}");
        return output;
    }

    /// <summary>A FAT32 image of <paramref name="sizeKiB"/> KiB made by mkfs.vfat (options such as "-s 8" added).</summary>
    public static void MakeFat32(string image, int sizeKiB, params string[] options)
    {
        File.Delete(image);
        RunOk("mkfs.vfat", ["-F", "32", "-n", "HELIOSTEST", .. options, "-C", image, sizeKiB.ToString()]);
    }

    /// <summary>Copies every file and folder under <paramref name="folder"/> into the image's root.</summary>
    public static void CopyTree(string image, string folder)
    {
        string[] children = [.. Directory.GetFileSystemEntries(folder)];
        if (children.Length > 0) RunOk("mcopy", ["-s", "-i", image, .. children, "::/"]);
    }

    public static byte[] CopyOut(string image, string fatPath)
    {
        string file = Path.GetTempFileName();
        try
        {
            RunOk("mcopy", "-n", "-o", "-i", image, "::" + fatPath, file);
            return File.ReadAllBytes(file);
        }
        finally
        {
            File.Delete(file);
        }
    }

    /// <summary>Every file and directory in the image as mtools sees it ("/sub/a.txt"), directories ending in '/'.</summary>
    public static SortedSet<string> ListAll(string image)
    {
        var all = new SortedSet<string>(StringComparer.Ordinal);
        var pending = new Queue<string>();
        pending.Enqueue("/");
        while (pending.Count > 0)
        {
            string directory = pending.Dequeue();
            (int code, string output) = Run("mdir", "-b", "-a", "-i", image, "::" + directory);
            if (code != 0 && output.Contains("No files", StringComparison.Ordinal)) continue;
            if (code != 0) throw new InvalidOperationException($"mdir {directory} exited with {code}:\n{output}");
            foreach (string line in output.Split('\n', StringSplitOptions.RemoveEmptyEntries))
            {
                if (!line.StartsWith("::/", StringComparison.Ordinal)) continue;
                string path = line[2..].TrimEnd('\r');
                bool isDirectory = path.EndsWith('/');
                all.Add(path);
                if (isDirectory) pending.Enqueue(path);
            }
        }
        return all;
    }

    /// <summary>fsck.vfat -n (reads only): its exit code and what it printed.</summary>
    public static (int Code, string Output) Check(string image) => Run("fsck.vfat", "-n", image);

    /// <summary>Fails unless fsck.vfat -n exits 0 and prints nothing but its banner and summary (and, for a small
    /// image, its warning that FAT32 has fewer clusters than the recommended minimum).</summary>
    public static void AssertClean(string image)
    {
        (int code, string output) = Check(image);
        string[] complaints = output.Split('\n', StringSplitOptions.RemoveEmptyEntries)
            .Where(line => !line.StartsWith("fsck.fat ", StringComparison.Ordinal)
                && !(line.Contains(" files, ", StringComparison.Ordinal) && line.Contains(" clusters", StringComparison.Ordinal))
                && !line.Contains("Filesystem is FAT32 according to fat_length", StringComparison.Ordinal)
                && !line.Contains("but has only", StringComparison.Ordinal)
                && !line.Contains("This may lead to problems", StringComparison.Ordinal))
            .ToArray();
        Assert.True(code == 0 && complaints.Length == 0, $"fsck.vfat -n {image} exited with {code}:\n{output}");
    }
}
