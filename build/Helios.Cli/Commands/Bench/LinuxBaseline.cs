// Builds (if stale) and runs the Linux comparison for one ISA, reporting progress; `bench linux` prints its results and
// a Helios suite's --vs-linux puts them beside its own (BenchRenderer.Comparison). `bench linux` always boots; a
// --vs-linux passes reuseSaved and gets the figures of an identical earlier run without booting (they are
// deterministic: same kernel, initramfs, QEMU and command line, same figures).
using Helios.Tooling;
using Helios.Tooling.Bench.Linux;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class LinuxBaseline
{
    /// <summary>The run, or null after printing why there is none.</summary>
    public static async Task<LinuxBenchRun?> RunAsync(RepoPaths paths, Isa isa, int reps, TimeSpan timeout, string kernelArguments,
        bool showConsole, bool reuseSaved, CancellationToken cancellation)
    {
        string who = $"helios: linux {isa.Name()}";
        try
        {
            var builder = new LinuxBenchBuilder(paths);
            LinuxBenchArtifacts artifacts = await builder.BuildAsync(isa,
                step => AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {step}")}[/]"), cancellation);
            AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {artifacts.Kernel}; " + (artifacts.StepsRun.Count == 0
                ? $"up to date ({artifacts.Elapsed.TotalSeconds:0.0} s)" : $"built in {artifacts.Elapsed.TotalSeconds:0.0} s"))}[/]");
            // Plain, unwrapped: the command line is for copying.
            Console.Out.WriteLine($"{who}: {LinuxBenchRunner.Options(artifacts, reps, timeout, kernelArguments).CommandLine}");

            LinuxBenchRun run = await LinuxBenchRunner.RunAsync(artifacts, reps, timeout, kernelArguments, line =>
            {
                if (showConsole) Console.Out.WriteLine($"[{isa.Name()}] {line}");
            }, reuseSaved, cancellation);
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
