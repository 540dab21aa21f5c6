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

    /// <summary>What the postmark app takes besides its repetitions (src/Apps/PostMark/Program.cs), and so the Linux port.</summary>
    public static readonly string[] PostMarkSettings = ["files", "low", "high", "transactions", "seed", "block", "seq-mib", "seq-block"];

    /// <summary>--postmark-args: the file system benchmark's settings, name=number separated by spaces, checked.</summary>
    public static Option<string?> PostMarkArgs()
    {
        var option = new Option<string?>("--postmark-args")
        {
            Description = "More settings for PostMark and the sequential read, name=value separated by spaces (files=100 low=512 high=10000 transactions=500 seed=42 block=512 seq-mib=16 seq-block=16384)",
        };
        option.Validators.Add(result =>
        {
            foreach (string word in Words(result.GetValueOrDefault<string?>()))
            {
                int equals = word.IndexOf('=');
                string name = equals < 0 ? word : word[..equals];
                if (equals < 0 || !ulong.TryParse(word[(equals + 1)..], out _))
                    result.AddError($"--postmark-args: '{word}' is not name=number.");
                else if (name is "reps" or "seq-reps")
                    result.AddError($"--postmark-args: {name} comes from --reps (the methodology's repetitions).");
                else if (!PostMarkSettings.Contains(name))
                    result.AddError($"--postmark-args: '{name}' is not a postmark setting ({string.Join(", ", PostMarkSettings)}).");
            }
        });
        return option;
    }

    /// <summary>The words of --postmark-args.</summary>
    public static string[] Words(string? postmarkArgs) => (postmarkArgs ?? "").Split(' ', StringSplitOptions.RemoveEmptyEntries);

    public static Option<bool> Console() => new("--console") { Description = "Show the guest's whole console, not only the RESULT lines" };
}
