// The instruction-counting QEMU plugin (insn-profile.c beside this file), compiled with the host's gcc into
// artifacts/obj/profiler the first time --profile needs it and again whenever its source changes.
using Helios.Tooling.Bench.Linux;
using Helios.Tooling.Elf;

namespace Helios.Tooling.Profiling;

public static class ProfilerPlugin
{
    public const string SourceName = "insn-profile.c";

    /// <summary>The timed cases' bounds in the bench image (bench/Kernel/Measure.cs): a window opens at either start.</summary>
    public static readonly string[] WindowStarts = ["Helios_Kernel_Bench_Helios_Kernel_Bench_Measure__Run", "Helios_Kernel_Bench_Helios_Kernel_Bench_Measure__RunDifference"];

    public const string WindowStop = "Helios_Kernel_Bench_Helios_Kernel_Bench_Measure__Report";

    public static string Source(RepoPaths paths) => Path.Combine(paths.Root, "build", "Helios.Tooling", "Profiling", SourceName);

    /// <summary>The plugin, built if it is missing or older than its source.</summary>
    public static async Task<string> EnsureBuiltAsync(RepoPaths paths, CancellationToken cancel)
    {
        string source = Source(paths);
        string directory = Path.Combine(paths.Root, "artifacts", "obj", "profiler");
        string plugin = Path.Combine(directory, "insn-profile.so");
        if (File.Exists(plugin) && File.GetLastWriteTimeUtc(plugin) >= File.GetLastWriteTimeUtc(source)) return plugin;
        Directory.CreateDirectory(directory);
        await HostCommand.CheckedAsync("building the profiling plugin", "gcc", ["-shared", "-fPIC", "-O2", "-Wall", "-o", plugin, source, "-lpthread"],
            cancellation: cancel);
        return plugin;
    }

    /// <summary>QEMU's -plugin argument: count inside the bench image's timed cases, write to output.</summary>
    public static string Argument(string plugin, string kernelImage, string output)
    {
        ElfFile elf = ElfFile.Read(kernelImage);
        string Address(string symbol) => (elf.FindSymbol(symbol) ?? throw new InvalidOperationException(
            $"{kernelImage} has no symbol {symbol}: --profile needs the bench image (bench/Kernel/Measure.cs)")).Value.ToString("x");
        return $"{plugin},arg=out={output},arg=start={string.Join(":", WindowStarts.Select(Address))},arg=stop={Address(WindowStop)}";
    }
}
