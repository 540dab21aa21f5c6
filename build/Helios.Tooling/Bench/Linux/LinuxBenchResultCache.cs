// Linux's figures, kept after a run. A run in the benchmark machine is deterministic, so the same kernel, initramfs,
// QEMU and command line give the same figures: a Helios suite's --vs-linux reuses them instead of booting Linux again
// (a minute per ISA). The key covers everything the figures depend on; anything else changed means a new boot.
using Helios.Tooling.Qemu;

namespace Helios.Tooling.Bench.Linux;

public static class LinuxBenchResultCache
{
    private const string FormatVersion = "linux results 1";

    /// <summary>The digest of the QEMU program's version, its whole command line and the bytes of kernel and initramfs.</summary>
    public static async Task<string> KeyAsync(QemuOptions options, CancellationToken cancellation = default)
    {
        HostCommandResult version = await HostCommand.CheckedAsync("asking QEMU its version", options.Program, ["--version"], null, cancellation);
        var stamp = new BuildStamp().Add(FormatVersion).Add(version.Output).Add(options.Program);
        foreach (string argument in options.Arguments()) stamp.Add(argument);
        stamp.AddFile("kernel", options.Image);
        if (options.Initrd is not null) stamp.AddFile("initrd", options.Initrd);
        return stamp.Digest();
    }

    public static string PathFor(string outputDirectory, string key) => Path.Combine(outputDirectory, "results", key + ".txt");

    /// <summary>The saved figures, or null when there are none or the file is not a clean set of RESULT lines.</summary>
    public static IReadOnlyList<BenchResult>? TryLoad(string path)
    {
        if (!File.Exists(path)) return null;
        BenchParseResult parsed = BenchResultParser.ParseConsole(File.ReadAllLines(path));
        return parsed.Ok && parsed.Results.Count > 0 ? parsed.Results : null;
    }

    public static void Save(string path, IEnumerable<BenchResult> results)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllLines(path + ".partial", results.Select(r => r.ToString()));
        File.Move(path + ".partial", path, overwrite: true);
    }
}
