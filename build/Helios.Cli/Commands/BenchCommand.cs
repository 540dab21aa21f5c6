// helios bench: figures from the deterministic benchmark machine (docs/benchmarking.md), one subcommand per suite.
// `kernel` runs the kernel's own benchmarks (bench/Kernel), `linux` the Linux comparison; `compare` puts two saved
// runs side by side; `sip` runs the process benchmarks (abi_call, process_create_exit, process_console_line) and
// `channels` the channel benchmarks, `fs` the file system benchmark (PostMark and a sequential read over fatfs and
// virtio-blk), all with the same renderer. `build` times the developer's build loop (BuildBenchCommand).
using System.CommandLine;
using Helios.Cli.Commands.Bench;

namespace Helios.Cli.Commands;

internal static class BenchCommand
{
    public static Command Create() => new("bench", "Run benchmarks under -icount in the benchmark machine (docs/benchmarking.md)")
    {
        KernelBenchCommand.Create(),
        KernelBenchCommand.CreateSip(),
        KernelBenchCommand.CreateChannels(),
        FsBenchCommand.Create(),
        LinuxBenchCommand.Create(),
        CompareBenchCommand.Create(),
        BuildBenchCommand.Create(),
    };
}
