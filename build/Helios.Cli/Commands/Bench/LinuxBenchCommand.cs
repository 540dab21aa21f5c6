// helios bench linux: Debian's kernel and a static benchmark program booted in the benchmark machine; prints the RESULT
// lines Helios's figures are compared with, and the exact kernel package they came from.
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Bench.Linux;

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
        var console = BenchOptions.Console();
        var command = new Command("linux", "Boot Debian's Linux with the comparison benchmarks in the benchmark machine and print the figures")
        {
            arch, reps, timeout, kernelArgs, console,
        };
        command.SetAction(async (parse, cancel) =>
        {
            RepoPaths paths = RepoPaths.Find();
            bool allGood = true;
            foreach (Isa isa in IsaNames.Expand(parse.GetValue(arch)!))
            {
                LinuxBenchRun? run = await LinuxBaseline.RunAsync(paths, isa, parse.GetValue(reps), TimeSpan.FromSeconds(parse.GetValue(timeout)),
                    parse.GetValue(kernelArgs)!, parse.GetValue(console), reuseSaved: false, cancel);
                if (run is null)
                {
                    allGood = false;
                    continue;
                }
                BenchRenderer.Heading("linux", isa, $"{run.Artifacts.Kernel}; kernel command line \"{run.Options.KernelArguments}\"");
                BenchRenderer.Results(run.Results);
            }
            return allGood ? 0 : 1;
        });
        return command;
    }
}
