// Options every bench subcommand shares.
using System.CommandLine;
using Helios.Tooling.Bench.Linux;

namespace Helios.Cli.Commands.Bench;

internal static class BenchOptions
{
    public static Option<int> Reps()
    {
        var option = new Option<int>("--reps", "-r")
        {
            Description = $"Timed repetitions per case after the warm-up (at least {LinuxBenchRunner.MinimumReps}; default {LinuxBenchRunner.MinimumReps})",
            DefaultValueFactory = _ => LinuxBenchRunner.MinimumReps,
        };
        option.Validators.Add(r =>
        {
            int value = r.GetValueOrDefault<int>();
            if (value is < LinuxBenchRunner.MinimumReps or > LinuxBenchRunner.MaximumReps)
                r.AddError($"--reps: {value} repetitions; the methodology needs {LinuxBenchRunner.MinimumReps} to {LinuxBenchRunner.MaximumReps}.");
        });
        return option;
    }

    public static Option<bool> Console() => new("--console") { Description = "Show the guest's whole console, not only the RESULT lines" };
}
