// Builds (if stale) and runs the Linux comparison for one ISA, reporting progress: the kernel suite, or with fsSettings
// the file system suite; `bench linux` prints its results and a Helios suite's --vs-linux puts them beside its own
// (BenchRenderer.Comparison). `bench linux` always boots; a
// --vs-linux passes reuseSaved and gets the figures of an identical earlier run without booting (they are
// deterministic: same kernel, initramfs, QEMU and command line, same figures).
using Helios.Tooling;
using Helios.Tooling.Bench.Linux;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class LinuxBaseline
{
    /// <summary>The run, or null after printing why there is none. fsSettings: the file system suite with the postmark
    /// app's settings (never reused from a saved run: its figures differ between runs).</summary>
    public static async Task<LinuxBenchRun?> RunAsync(RepoPaths paths, Isa isa, int reps, TimeSpan timeout, string kernelArguments,
        bool showConsole, bool reuseSaved, CancellationToken cancellation, IReadOnlyList<string>? fsSettings = null)
    {
        string who = $"helios: linux {(fsSettings is null ? "" : "fs ")}{isa.Name()}";
        try
        {
            var builder = new LinuxBenchBuilder(paths);
            LinuxBenchArtifacts artifacts = await builder.BuildAsync(isa,
                step => AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {step}")}[/]"), cancellation);
            AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {artifacts.Kernel}; " + (artifacts.StepsRun.Count == 0
                ? $"up to date ({artifacts.Elapsed.TotalSeconds:0.0} s)" : $"built in {artifacts.Elapsed.TotalSeconds:0.0} s"))}[/]");
            // Plain, unwrapped: the command line is for copying.
            Console.Out.WriteLine($"{who}: " + (fsSettings is null
                ? LinuxBenchRunner.Options(artifacts, reps, timeout, kernelArguments).CommandLine
                : LinuxBenchRunner.FsOptions(artifacts, reps, timeout, LinuxBenchRunner.FsDisk(artifacts), fsSettings, kernelArguments).CommandLine));

            void OnLine(string line)
            {
                if (showConsole) Console.Out.WriteLine($"[{isa.Name()}] {line}");
            }
            LinuxBenchRun run = fsSettings is null
                ? await LinuxBenchRunner.RunAsync(artifacts, reps, timeout, kernelArguments, OnLine, reuseSaved, cancellation)
                : await LinuxBenchRunner.RunFsAsync(artifacts, reps, timeout, fsSettings, kernelArguments, OnLine, cancellation);
            AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {run.Results.Count} figures, " + (run.Qemu is null
                ? "saved by an identical earlier run (same kernel, initramfs, QEMU and command line)"
                : $"booted and measured in {run.Qemu.Elapsed.TotalSeconds:0.0} s"))}[/]");
            return run;
        }
        catch (LinuxBenchException e)
        {
            AnsiConsole.MarkupLine($"[red]{Markup.Escape($"{who}: {e.Message}")}[/]");
            return null;
        }
    }
}
