// helios bench kernel / sip / channels: boot the benchmark image (bench/Kernel) in the benchmark machine, run one
// suite of its cases (kernel: threads, waits, interrupts, exceptions; sip: processes, with the boot bundle; channels:
// round trips and ping-pong between two threads) and print
// the RESULT lines; with --vs-linux, the Linux comparison's figures beside them with the ratio and the issue's target.
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Bench;
using Helios.Kernel.Diagnostics;
using Helios.Tooling.Profiling;
using Helios.Tooling.Qemu;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class KernelBenchCommand
{
    public static Command Create() => Create("kernel", "Boot the kernel benchmarks in the benchmark machine and print the figures",
        "thread_yield,waitset_pingpong,timer_irq,sched_stress_yield,throw_catch,alloc_small,gc_collect,sched_stress_yield_spread,satellite_death_detect");

    public static Command CreateChannels() => Create("channels", "Boot the channel benchmarks (round trips of 0 B to 64 KiB, 2-message ping-pong between threads and between processes, a bind and its first reply; with --topology numa2, the same between two kernels: link_ping, rmp_pingpong_2msg, rmp_roundtrip_<size>, rmp_bind, rmp_roundtrip_endpoint) in the benchmark machine and print the figures",
        "channel_roundtrip,channel_pingpong_2msg,channel_pingpong_2msg_sip,channel_pingpong_select_sip,channel_roundtrip_threads,local_bind,channel_roundtrip_endpoint,link_ping,rmp_pingpong_2msg,rmp_roundtrip,rmp_bind,rmp_roundtrip_endpoint");

    public static Command CreateSip() => Create("sip", "Boot the process benchmarks (abi_call, process_create_exit, process_console_line and _relay; with --topology numa2, remote_process_create_exit: the same process started on k1 from k0) in the benchmark machine and print the figures",
        "abi_call,process_create_exit,remote_process_create_exit,process_console_line,process_console_line_relay");

    private static Command Create(string suite, string description, string caseNames)
    {
        var arch = CommonOptions.Arch(null, allowAll: true);
        var reps = BenchOptions.Reps();
        var timeout = CommonOptions.Timeout(600);
        var vsLinux = new Option<bool>("--vs-linux") { Description = "Also run the Linux comparison and print both side by side" };
        var cases = new Option<string?>("--cases") { Description = $"Only these cases, comma-separated ({caseNames})" };
        var console = BenchOptions.Console();
        var noBuild = CommonOptions.NoBuild();
        var configuration = CommonOptions.Configuration();
        var topology = CommonOptions.Topology();
        var profile = new Option<bool>("--profile")
        {
            Description = "Also count the guest's instructions per function in each timed case (a QEMU plugin built with gcc) and print the busiest",
        };
        var profileTop = new Option<int>("--profile-top")
        {
            Description = "How many functions --profile prints per case (default 25)",
            DefaultValueFactory = _ => 25,
        };
        profileTop.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<int>() < 1) r.AddError("--profile-top: at least 1 function.");
        });
        var command = new Command(suite, description)
        {
            arch, reps, timeout, vsLinux, cases, console, topology, configuration, noBuild, profile, profileTop,
        };
        CommonOptions.ValidateTopology(command, arch, topology);
        command.Validators.Add(result =>
        {
            // The Linux side runs in the standard benchmark machine: a comparison across two machines would mislead.
            if (result.GetValue(vsLinux) && QemuTopology.Parse(result.GetValue(topology) ?? "", out _) is { IsSingle: false } machine)
                result.AddError($"--vs-linux compares in the single benchmark machine; it cannot be used with --topology {machine.Name}.");
        });
        command.SetAction((parse, cancel) => CommandErrors.Guard(async () =>
        {
            RepoPaths paths = RepoPaths.Find();
            string config = parse.GetValue(configuration)!;
            if (!parse.GetValue(noBuild))
            {
                int built = await BuildRunner.BuildAsync(paths, config, summary: false);
                if (built != 0) return built;
            }
            bool allGood = true;
            foreach (Isa isa in IsaNames.Expand(parse.GetValue(arch)!))
            {
                IReadOnlyList<BenchResult>? helios = await RunHeliosAsync(paths, config, isa, suite, parse.GetValue(reps), parse.GetValue(cases),
                    CommonOptions.TopologyValue(parse, topology), TimeSpan.FromSeconds(parse.GetValue(timeout)), parse.GetValue(console), cancel,
                    profileTop: parse.GetValue(profile) ? parse.GetValue(profileTop) : null);
                if (helios is null)
                {
                    allGood = false;
                    continue;
                }
                // The scheduler stress on 4 CPUs, as one kernel and as two (Helios Fig. 9): two more machines; and the
                // time to declare a hung satellite dead, on a numa2 machine of its own (its satellite does not come back).
                if (suite == "kernel" && parse.GetValue(cases) is null && CommonOptions.TopologyValue(parse, topology).IsSingle)
                {
                    foreach ((QemuTopology machine, int? cpus) in StressMachines())
                        if (await RunHeliosAsync(paths, config, isa, "stress", parse.GetValue(reps), null, machine,
                                TimeSpan.FromSeconds(parse.GetValue(timeout)), parse.GetValue(console), cancel, cpus) is null)
                            allGood = false;
                    if (await RunHeliosAsync(paths, config, isa, "containment", parse.GetValue(reps), null, QemuTopology.Parse("numa2", out _)!,
                            TimeSpan.FromSeconds(parse.GetValue(timeout)), parse.GetValue(console), cancel) is null)
                        allGood = false;
                }
                if (!parse.GetValue(vsLinux)) continue;
                var linux = await LinuxBaseline.RunAsync(paths, isa, parse.GetValue(reps), TimeSpan.FromSeconds(parse.GetValue(timeout)), "",
                    parse.GetValue(console), reuseSaved: true, cancel);
                if (linux is null)
                {
                    allGood = false;
                    continue;
                }
                BenchRenderer.Heading("linux", isa, linux.Artifacts.Kernel.ToString());
                BenchRenderer.Results(linux.Results);
                BenchRenderer.Comparison(isa, BenchComparison.Build(helios, linux.Results), linux.Artifacts.Kernel.ToString());
            }
            return allGood ? 0 : 1;
        }));
        return command;
    }

    // sched_stress_yield_spread's machines: smp4 (one kernel of 4 CPUs) and numa2x2 (two kernels of 2).
    private static IEnumerable<(QemuTopology Machine, int? Cpus)> StressMachines()
    {
        yield return (QemuTopology.Parse("single", out _)!, 4);
        yield return (QemuTopology.Parse("numa2x2", out _)!, null);
    }

    private static async Task<IReadOnlyList<BenchResult>?> RunHeliosAsync(RepoPaths paths, string config, Isa isa, string suite, int reps, string? cases,
        QemuTopology topology, TimeSpan timeout, bool showConsole, CancellationToken cancel, int? cpus = null, int? profileTop = null)
    {
        string who = $"helios: {suite} {isa.Name()}" + (topology.IsSingle ? "" : " " + topology.Name) + (cpus is int n ? $" smp{n}" : "");
        bool killsSatellite = !topology.IsSingle && (cases is null ? suite == "containment" : cases.Split(',').Contains("satellite_death_detect"));
        QemuOptions options = BenchmarkMachine.Options(isa, paths.Image(config, isa, RepoPaths.KernelBenchImage), topology) with
        {
            // On a machine of several kernels QemuOptions gives the satellite watch its longest timeout under -icount;
            // satellite_death_detect measures the watch at its default instead.
            KernelArguments = $"reps={reps} suite={suite}" + (cases is null ? "" : $" bench={cases}") + (killsSatellite ? " " + QemuOptions.SatelliteTimeoutOption + "500" : ""),
            Timeout = timeout,
        };
        if (cpus is int count) options = options with { Cpus = count };
        string? profileFile = null;
        if (profileTop is not null)
        {
            string plugin = await ProfilerPlugin.EnsureBuiltAsync(paths, cancel);
            profileFile = Path.Combine(paths.Root, "artifacts", "bench", $"profile-{isa.Name()}-{suite}-{topology.Name}.txt");
            Directory.CreateDirectory(Path.GetDirectoryName(profileFile)!);
            File.Delete(profileFile);
            options = options with { Plugin = ProfilerPlugin.Argument(plugin, options.Image, profileFile) };
        }
        Console.Out.WriteLine($"{who}: {options.CommandLine}");
        QemuResult run = await QemuRunner.RunAsync(options, line =>
        {
            if (showConsole) Console.Out.WriteLine($"[{isa.Name()}] {line}");
        }, cancel);
        BenchParseResult parsed = BenchResultParser.ParseConsole(run.Console);
        bool ended = QemuResult.MachineLines(run.Console).Contains("BENCH-END ok");
        if (!BenchRunCheck.Usable(who, run, ended, "the benchmark image did not finish (no BENCH-END ok)", parsed,
                killsSatellite ? (int)ExitCode.KernelDied : 0)) return null;
        AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {parsed.Results.Count} figures in {run.Elapsed.TotalSeconds:0.0} s")}[/]");
        BenchRenderer.Heading("helios", isa, Path.GetFileName(options.Image));
        BenchRenderer.Results(parsed.Results);
        if (profileFile is not null) PrintProfile(profileFile, options, run.Console, parsed.Results, profileTop!.Value);
        return parsed.Results;
    }

    // Each timed case's busiest functions: a vCPU's instructions go to its kernel's image (the coordinator's at its link
    // address, a satellite's at the base the coordinator printed; satellites are linked at 0).
    private static void PrintProfile(string file, QemuOptions options, IReadOnlyList<string> console, IReadOnlyList<BenchResult> results, int top)
    {
        if (!File.Exists(file))
        {
            AnsiConsole.MarkupLine($"[red]{Markup.Escape($"--profile: the plugin wrote no {file}")}[/]");
            return;
        }
        IReadOnlyDictionary<int, ulong> bases = InstructionProfile.SatelliteBases(QemuResult.MachineLines(console));
        var symbols = new Dictionary<int, FunctionSymbols>();
        FunctionSymbols SymbolsOf(int kernel)
        {
            if (symbols.TryGetValue(kernel, out FunctionSymbols? known)) return known;
            string? satellite = RepoPaths.SatelliteBeside(options.Image);
            return symbols[kernel] = kernel == 0 || satellite is null || !bases.TryGetValue(kernel, out ulong bias)
                ? FunctionSymbols.Read(options.Image, 0)
                : FunctionSymbols.Read(satellite, bias);
        }
        int cpusPerKernel = options.Topology.IsSingle ? int.MaxValue : options.Topology.CpusPerNode;
        var windows = InstructionProfile.Parse(File.ReadAllText(file))
            .ToDictionary(w => w.Key, w => InstructionProfile.Attribute(w.Key, w.Value, cpu => cpu / cpusPerKernel, SymbolsOf));
        foreach (string line in ProfileReport.Lines(results, windows, top)) Console.Out.WriteLine(line);
    }
}
