// helios bench: figures from the deterministic benchmark machine (docs/benchmarking.md), one subcommand per suite.
// `linux` runs the Linux comparison; `compare` puts two saved runs side by side. Helios's own suites (kernel,
// channels, sip) go next to them and print with the same renderer (Bench/BenchRenderer.cs).
using System.CommandLine;
using Helios.Cli.Commands.Bench;

namespace Helios.Cli.Commands;

internal static class BenchCommand
{
    public static Command Create() => new("bench", "Run benchmarks under -icount in the benchmark machine (docs/benchmarking.md)")
    {
        LinuxBenchCommand.Create(),
        CompareBenchCommand.Create(),
    };
}
