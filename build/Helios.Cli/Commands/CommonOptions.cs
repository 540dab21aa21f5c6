// Options several verbs share, with the validation that turns a typo into a clear message.
using System.CommandLine;
using System.CommandLine.Parsing;
using Helios.Tooling;
using Helios.Tooling.Qemu;

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

    /// <summary>The build configuration to build and whose images to use (artifacts/images/&lt;config&gt;).</summary>
    public static Option<string> Configuration()
    {
        var option = new Option<string>("--configuration", "-c")
        {
            Description = $"Build configuration: which images to build and use (default {RepoPaths.DefaultConfiguration})",
            DefaultValueFactory = _ => RepoPaths.DefaultConfiguration,
        };
        option.Validators.Add(result =>
        {
            string value = result.GetValueOrDefault<string>() ?? "";
            if (value.Length == 0 || !value.All(c => char.IsAsciiLetterOrDigit(c) || c is '_' or '-'))
                result.AddError($"--configuration: '{value}' is not a configuration name (Debug, Release, or letters, digits, - and _).");
        });
        return option;
    }

    public static Option<int> Cpus() => Positive(new Option<int>("--smp") { Description = "Number of CPUs (default 2)", DefaultValueFactory = _ => 2 });

    /// <summary>
    /// --mem: MiB, or a size with a suffix. Whether it is enough depends on the ISA, so the command checks it against
    /// --arch (ValidateMemory).
    /// </summary>
    public static Option<string> Memory(string defaultValue)
    {
        var option = new Option<string>("--mem", "-m")
        {
            Description = "Memory: MiB, or with a suffix (512M, 1G); at least "
                          + string.Join(", ", Enum.GetValues<Isa>().Select(i => $"{MemorySize.Format(QemuOptions.MinimumMemoryMiB(i))} on {i.Name()}"))
                          + $"; with a NUMA --topology, split evenly between its nodes (default {QemuTopology.DefaultNodeMiB}M a node)",
            DefaultValueFactory = _ => defaultValue,
        };
        option.Validators.Add(result =>
        {
            string value = result.GetValueOrDefault<string>() ?? "";
            if (MemorySize.ParseMiB(value) is null)
                result.AddError($"--mem: '{value}' is not a size; use a number of MiB or a size like 512M or 2G.");
        });
        return option;
    }

    /// <summary>Adds the check that --mem is enough, and not too much, for every ISA --arch names.</summary>
    public static void ValidateMemory(Command command, Option<string> arch, Option<string> memory)
    {
        command.Validators.Add(result =>
        {
            string? archValue = result.GetValue(arch);
            if (MemorySize.ParseMiB(result.GetValue(memory) ?? "") is not long mib || archValue is null
                || !(IsaNames.All.Contains(archValue) || archValue == "all")) return;
            foreach (Isa isa in IsaNames.Expand(archValue))
            {
                int minimum = QemuOptions.MinimumMemoryMiB(isa);
                if (mib < minimum)
                    result.AddError($"--mem: {MemorySize.Format(mib)} is too little for {isa.Name()}, which needs at least {MemorySize.Format(minimum)} (the kernel image, its early heap and the boot bundle).");
                else if (mib > QemuOptions.MaximumMemoryMiB)
                    result.AddError($"--mem: {MemorySize.Format(mib)} is more than Helios supports ({MemorySize.Format(QemuOptions.MaximumMemoryMiB)}).");
            }
        });
    }

    /// <summary>--topology: the machine's NUMA shape (QemuTopology); single, the default, is the machine of before.</summary>
    public static Option<string> Topology()
    {
        var option = new Option<string>("--topology")
        {
            Description = "Machine topology: single (default), or NUMA nodes for satellite kernels: numa<N> (N nodes of one CPU: numa2, numa4) or numa<D>x<C> (D nodes of C CPUs)",
            HelpName = "single|numa2|numa4|numa<N>|numa<D>x<C>",
            DefaultValueFactory = _ => "single",
        };
        option.Validators.Add(result =>
        {
            if (QemuTopology.Parse(result.GetValueOrDefault<string>() ?? "", out string? error) is null) result.AddError("--topology: " + error);
        });
        return option;
    }

    /// <summary>
    /// Adds the checks between --topology and the options it fixes: --smp, when given, must be the topology's CPU
    /// count; the memory (--mem, or the topology's default) must give every node enough on every ISA --arch names.
    /// </summary>
    public static void ValidateTopology(Command command, Option<string> arch, Option<string> topology, Option<int>? smp = null, Option<string>? memory = null)
    {
        command.Validators.Add(result =>
        {
            if (QemuTopology.Parse(result.GetValue(topology) ?? "", out _) is not QemuTopology machine || machine.IsSingle) return;
            if (smp is not null && result.GetResult(smp) is { Implicit: false } && result.GetValue(smp) is int cpus && cpus != machine.Cpus)
            {
                string instead = cpus > 0 && cpus % machine.Nodes == 0 ? $", or use --topology numa{machine.Nodes}x{cpus / machine.Nodes} ({machine.Nodes} nodes of {cpus / machine.Nodes} CPUs)" : "";
                result.AddError($"--smp {cpus} conflicts with --topology {machine.Name}, which has {machine.Cpus} CPUs: drop --smp{instead}.");
            }
            string? archValue = result.GetValue(arch);
            if (archValue is null || !(IsaNames.All.Contains(archValue) || archValue == "all")) return;
            int? mib = memory is null ? null : ExplicitMemoryMiB(result.GetResult(memory));
            if (memory is not null && result.GetResult(memory) is { Implicit: false } && mib is null) return;   // --mem's own error says why
            foreach (Isa isa in IsaNames.Expand(archValue))
                if (machine.Check(isa, mib ?? machine.DefaultMemoryMiB!.Value) is string error) result.AddError("--topology: " + error);
        });
    }

    /// <summary>The topology --topology names (valid once parsing succeeded).</summary>
    public static QemuTopology TopologyValue(ParseResult parse, Option<string> topology)
        => QemuTopology.Parse(parse.GetValue(topology)!, out string? error) ?? throw new InvalidOperationException(error);

    /// <summary>--mem in MiB when the user gave it; null when it is the default (a topology then picks its own).</summary>
    public static int? ExplicitMemoryMiB(ParseResult parse, Option<string> memory) => ExplicitMemoryMiB(parse.GetResult(memory));

    private static int? ExplicitMemoryMiB(OptionResult? result)
        => result is { Implicit: false } && MemorySize.ParseMiB(result.GetValueOrDefault<string>() ?? "") is long mib && mib <= int.MaxValue ? (int)mib : null;

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
