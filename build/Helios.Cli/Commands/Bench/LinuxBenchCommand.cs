// helios bench linux: Debian's kernel and a static benchmark program booted in the benchmark machine; prints the RESULT
// lines Helios's figures are compared with, and the exact kernel package they came from. Two suites, one boot each:
// kernel (bench kernel/sip/channels's counterparts) and fs (bench fs's: PostMark and the sequential read on vfat).
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Bench.Linux;
using Helios.Tooling.Qemu;

namespace Helios.Cli.Commands.Bench;

internal static class LinuxBenchCommand
{
    public static Command Create()
    {
        var arch = CommonOptions.Arch(null, allowAll: true);
        var reps = BenchOptions.Reps();
        var timeout = CommonOptions.Timeout(600);
        var kernelArgs = new Option<string>("--kernel-args")
        {
            Description = "More Linux command-line arguments, after the harness's own (e.g. mitigations=off)",
            DefaultValueFactory = _ => "",
        };
        kernelArgs.Validators.Add(r =>
        {
            string value = r.GetValueOrDefault<string>() ?? "";
            if (value.Split(' ').Contains("--"))
                r.AddError("--kernel-args: '--' is the harness's: what follows it goes to the benchmark program.");
        });
        var suite = new Option<string>("--suite")
        {
            Description = "Which suites: kernel (threads, system calls, pipes, processes), fs (PostMark and a 16 MiB read on vfat on a fresh FAT32 virtio disk) or all",
            DefaultValueFactory = _ => "all",
        };
        suite.AcceptOnlyFromAmong("all", "kernel", "fs");
        var postmarkArgs = BenchOptions.PostMarkArgs();
        var console = BenchOptions.Console();
        var command = new Command("linux", "Boot Debian's Linux with the comparison benchmarks in the benchmark machine and print the figures")
        {
            arch, reps, timeout, kernelArgs, suite, postmarkArgs, console,
        };
        command.SetAction(async (parse, cancel) =>
        {
            RepoPaths paths = RepoPaths.Find();
            bool allGood = true;
            string chosen = parse.GetValue(suite)!;
            string[] postmark = BenchOptions.Words(parse.GetValue(postmarkArgs));
            foreach (Isa isa in IsaNames.Expand(parse.GetValue(arch)!))
                foreach (bool fs in new[] { false, true })
                {
                    if (chosen != "all" && (chosen == "fs") != fs) continue;
                    LinuxBenchRun? run = await LinuxBaseline.RunAsync(paths, isa, parse.GetValue(reps), TimeSpan.FromSeconds(parse.GetValue(timeout)),
                        parse.GetValue(kernelArgs)!, parse.GetValue(console), reuseSaved: false, cancel, fs ? postmark : null);
                    if (run is null)
                    {
                        allGood = false;
                        continue;
                    }
                    BenchRenderer.Heading("linux", isa, $"{run.Artifacts.Kernel}; kernel command line \"{run.Options.KernelArguments}\""
                        + (fs ? $"; vfat on a {BenchmarkMachine.FsDiskMiB} MiB FAT32 disk" : ""));
                    BenchRenderer.Results(run.Results);
                }
            return allGood ? 0 : 1;
        });
        return command;
    }
}
