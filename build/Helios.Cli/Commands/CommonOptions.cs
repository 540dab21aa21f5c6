// Options several verbs share, with the validation that turns a typo into a clear message.
using System.CommandLine;
using Helios.Tooling;

namespace Helios.Cli.Commands;

internal static class CommonOptions
{
    public static Option<string> Arch(string defaultValue) => Arch(defaultValue, allowAll: true);

    public static Option<string> Arch(string? defaultValue, bool allowAll)
    {
        var option = new Option<string>("--arch", "-a")
        {
            Description = allowAll ? "ISA to use: x86_64, arm64 or all" : "ISA to use: x86_64 or arm64",
            HelpName = allowAll ? "x86_64|arm64|all" : "x86_64|arm64",
            Required = defaultValue is null,
        };
        if (defaultValue is not null) option.DefaultValueFactory = _ => defaultValue;
        option.Validators.Add(result =>
        {
            string? value = result.GetValueOrDefault<string>();
            if (value is null || IsaNames.All.Contains(value) || (allowAll && value == "all")) return;
            result.AddError($"--arch: '{value}' is not an ISA Helios knows; use " + (allowAll ? "x86_64, arm64 or all" : "x86_64 or arm64") + ".");
        });
        return option;
    }

    /// <summary>A file argument that looks like an option and is not a file is a mistyped option, not a file name.</summary>
    public static void NoUnknownOptions(Argument<string[]> files)
    {
        files.Validators.Add(result =>
        {
            foreach (string value in result.GetValueOrDefault<string[]>() ?? [])
                if (value.StartsWith('-') && !File.Exists(value)) result.AddError($"Unrecognized command or argument '{value}'.");
        });
    }

    public static Option<bool> NoBuild() => new("--no-build") { Description = "Use the images as they are; do not build first" };

    public static Option<int> Timeout(int seconds) => Positive(new Option<int>("--timeout", "-t")
    {
        Description = $"Seconds a guest may run before it counts as hung and is killed (default {seconds})",
        DefaultValueFactory = _ => seconds,
    });

    public static Option<int> Positive(Option<int> option)
    {
        option.Validators.Add(result =>
        {
            int value = result.GetValueOrDefault<int>();
            if (value <= 0) result.AddError($"{option.Name}: must be a positive number, not {value}.");
        });
        return option;
    }
}
