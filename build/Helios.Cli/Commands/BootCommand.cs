// helios boot: start an image in QEMU on the right machine, stream its console, exit with the kernel's status. With
// --run (repeatable: --run server --run "client 5"), the host's stdin goes to the first app's stdin through the
// serial console, its end as ^D (with --arch all, each run gets a copy of it, read whole first), and the exit code is
// the apps' (RunExitCodes); an app the boot bundle does not have is refused before booting. With --disk and --run,
// the disk's driver and file system start first as services (DiskServices), so the apps find the disk's files at /fs.
using System.CommandLine;
using System.CommandLine.Parsing;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class BootCommand
{
    // Exit codes beyond the kernel's own (0 success, 1 failure, 2 panic).
    public const int HungExitCode = 124;
    public const int DiedExitCode = 125;
    public const int QemuFailedExitCode = 126;

    public static Command Create()
    {
        var arch = CommonOptions.Arch(null, allowAll: true);
        var smp = CommonOptions.Cpus();
        var mem = CommonOptions.Memory("128M");
        var topology = CommonOptions.Topology();
        var configuration = CommonOptions.Configuration();
        var timeout = CommonOptions.Timeout(60);
        var image = new Option<string>("--image") { Description = "Which image: kernel (default) or tests", DefaultValueFactory = _ => "kernel" };
        image.Validators.Add(r =>
        {
            string? v = r.GetValueOrDefault<string>();
            if (v is not ("kernel" or "tests")) r.AddError($"--image: '{v}' is not an image; use kernel or tests.");
        });
        var noBuild = CommonOptions.NoBuild();
        var gdb = new Option<bool>("--gdb") { Description = "Wait for gdb on tcp::1234 before the first instruction (see docs/debugging.md)" };
        var icount = new Option<bool>("--icount") { Description = "Deterministic timing: -icount shift=0,sleep=off" };
        var run = new Option<string[]>("--run")
        {
            Description = "Run this app (see src/Apps) instead of init's boot configuration; the words after -- are its arguments; the host's stdin is its stdin. "
                          + "Repeat it to run several at once, each with its arguments in its value (--run server --run \"client 5\"): the exit code is the first non-zero one",
            HelpName = "app",
        };
        var disk = new Option<string?>("--disk") { Description = "Attach this raw disk image (./helios disk create) as a virtio-blk PCI device; the guest's writes reach the file", HelpName = "file" };
        disk.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string?>() is string file && !File.Exists(file)) r.AddError($"--disk: '{file}' is not a file (make one with ./helios disk create).");
        });
        var images = new Option<string?>("--images")
        {
            Description = "Boot the kernel and bundle in this folder (<isa>/helios-kernel.elf, <isa>/bundle.cpio: what an app built with Helios.App.Sdk has) "
                          + "instead of the checkout's; builds nothing",
            HelpName = "dir",
        };
        images.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<string?>() is string dir && !Directory.Exists(dir)) r.AddError($"--images: '{dir}' is not a folder (build the app first).");
        });
        var kernelArgs = new Argument<string[]>("args") { Description = "After --: the kernel command line, or with one --run the app's arguments", Arity = ArgumentArity.ZeroOrMore };

        var command = new Command("boot", "Boot an image in QEMU and stream its console")
        {
            arch, smp, mem, topology, configuration, timeout, image, noBuild, gdb, icount, run, disk, images, kernelArgs,
        };
        CommonOptions.ValidateMemory(command, arch, mem);
        CommonOptions.ValidateTopology(command, arch, topology, smp, mem);
        command.Validators.Add(result => ValidateRun(result, run, kernelArgs));
        command.SetAction((parse, cancel) => CommandErrors.Guard(async () =>
        {
            string config = parse.GetValue(configuration)!;
            IReadOnlyList<Isa> isas = IsaNames.Expand(parse.GetValue(arch)!);
            string imageName = parse.GetValue(image) == "tests" ? RepoPaths.KernelTestImage : RepoPaths.KernelImage;
            // Outside a checkout (dotnet run of an app built with Helios.App.Sdk), the app's build made the folder.
            string? imagesDir = parse.GetValue(images);
            Func<Isa, string> kernelImage = imagesDir is null
                ? isa => RepoPaths.Find().Image(config, isa, imageName)
                : isa => Path.Combine(Path.GetFullPath(imagesDir), isa.Name(), imageName + ".elf");
            bool noBuildAsked = parse.GetValue(noBuild) || imagesDir is not null;
            if (!noBuildAsked)
            {
                // Only the ISAs this boot uses: --arch x86_64 leaves the arm64 images as they were.
                int built = await BuildRunner.BuildAsync(RepoPaths.Find(), config, summary: false, isas, appOnly: true);
                if (built != 0) return built;
            }
            foreach (Isa isa in isas)
                if (!File.Exists(kernelImage(isa)))
                {
                    AnsiConsole.MarkupLine($"[red]helios: no {isa.Name()} kernel image at {Markup.Escape(kernelImage(isa))}: build it first[/]");
                    return RunExitCodes.UsageError;
                }
            // A bundle older than app images built since (dotnet build of one app builds no bundle) would run old code.
            if (noBuildAsked)
                foreach (Isa isa in isas)
                    if (!CheckBundleFresh(RepoPaths.BundleBeside(kernelImage(isa)), isa))
                        return RunExitCodes.UsageError;
            IReadOnlyList<(string App, string[] Arguments)> runs = Runs(parse.GetValue(run) ?? [], parse.GetValue(kernelArgs) ?? []);
            IReadOnlyList<string>? apps = runs.Count == 0 ? null : runs.Select(r => r.App).ToList();
            if (apps is not null)
                foreach (Isa isa in isas)
                    foreach (string app in apps.Distinct())
                        if (!CheckAppInBundle(app, RepoPaths.BundleBeside(kernelImage(isa)), isa))
                            return RunExitCodes.UsageError;
            int worst = 0;
            // One stdin for several runs: read it whole first when it is a file or a pipe; a terminal gives them none.
            byte[]? sharedInput = apps is not null && isas.Count > 1 ? await ReadSharedInputAsync() : null;
            foreach (Isa isa in isas)
            {
                var options = new QemuOptions(isa, kernelImage(isa))
                {
                    Bundle = RepoPaths.BundleBeside(kernelImage(isa)),
                    Cpus = parse.GetValue(smp),
                    MemoryMiB = (int)MemorySize.ParseMiB(parse.GetValue(mem)!)!.Value,
                    KernelArguments = apps is null ? string.Join(" ", parse.GetValue(kernelArgs) ?? [])
                        : KernelCommandLine(parse.GetValue(disk) is null ? [] : DiskServices, runs),
                    Timeout = parse.GetValue(gdb) ? TimeSpan.FromDays(1) : TimeSpan.FromSeconds(parse.GetValue(timeout)),
                    DeterministicTiming = parse.GetValue(icount),
                    GdbPort = parse.GetValue(gdb) ? 1234 : null,
                    Disk = parse.GetValue(disk) is string file ? Path.GetFullPath(file) : null,
                    // With --run, the host's stdin is the first app's (after init starts it); its end is the app's end of input.
                    Input = apps is null ? null : sharedInput is null ? Console.OpenStandardInput() : new MemoryStream(sharedInput, writable: false),
                    InputAfter = apps is null ? null : InputMarker(apps[0]),
                }.WithTopology(CommonOptions.TopologyValue(parse, topology), CommonOptions.ExplicitMemoryMiB(parse, mem));
                int code = await BootAsync(options, prefix: isas.Count > 1, apps, cancel);
                if (code == RunExitCodes.Interrupted) return code;
                if (worst == 0) worst = code;
            }
            return worst;
        }));
        return command;
    }

    private static async Task<byte[]> ReadSharedInputAsync()
    {
        if (!Console.IsInputRedirected) return [];
        using var copy = new MemoryStream();
        await Console.OpenStandardInput().CopyToAsync(copy);
        return copy.ToArray();
    }

    /// <summary>What init prints as it starts the --run app: the guest reads its console input from then on.</summary>
    internal static string InputMarker(string app) => "init: starting " + app + " (pid ";

    /// <summary>The apps of the --run values, in order, each with its arguments: those in its value ("client 5"),
    /// and for a single --run, the words after --.</summary>
    internal static IReadOnlyList<(string App, string[] Arguments)> Runs(string[] values, string[] words)
    {
        var runs = new List<(string, string[])>();
        foreach (string value in values)
        {
            string[] parts = value.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            string[] arguments = values.Length == 1 ? [.. parts.Skip(1), .. words] : parts[1..];
            runs.Add((parts.Length == 0 ? "" : parts[0], arguments));
        }
        return runs;
    }

    /// <summary>
    /// What serves an attached disk to the --run apps (docs/services.md): the virtio-blk driver registers it as /dev/blk0
    /// and fatfs serves its FAT32 volume at /fs, both until the machine stops (init does not wait for them).
    /// </summary>
    internal static readonly IReadOnlyList<(string App, string[] Arguments)> DiskServices =
    [
        ("virtioblk", ["serve", "/dev/blk0"]),
        ("fatfs", ["/dev/blk0", "/fs", "forever"]),
    ];

    /// <summary>serve=service and run=app, each followed by one arg="..." word per argument, in order (init's BootPlan
    /// reads it).</summary>
    internal static string KernelCommandLine(IReadOnlyList<(string App, string[] Arguments)> services, IReadOnlyList<(string App, string[] Arguments)> runs)
    {
        var line = new List<string>();
        foreach ((string app, string[] arguments) in services) Add("serve=", app, arguments);
        foreach ((string app, string[] arguments) in runs) Add("run=", app, arguments);
        return string.Join(" ", line);

        void Add(string word, string app, string[] arguments)
        {
            line.Add(word + app);
            foreach (string argument in arguments) line.Add(argument.Contains(' ') || argument.Length == 0 ? $"arg=\"{argument}\"" : "arg=" + argument);
        }
    }

    // What the kernel's command line cannot carry, refused as a usage error.
    private static void ValidateRun(CommandResult result, Option<string[]> run, Argument<string[]> words)
    {
        string[] values = result.GetValue(run) ?? [];
        if (values.Length == 0) return;
        string[] after = result.GetValue(words) ?? [];
        if (values.Length > 1 && after.Length > 0)
            result.AddError($"with several --run, give each app its arguments in its value (--run \"{values[^1]} {string.Join(" ", after)}\"), not after --.");
        foreach ((string app, string[] arguments) in Runs(values, after))
        {
            string name = AppName(app);
            if (name.Length == 0 || !name.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.'))
                result.AddError($"--run: '{app}' is not an app name (letters, digits, '-', '_', '.'), optionally with the kernel to run it on (hello@k1).");
            else if (name.Length < app.Length && !IsKernelName(app[(name.Length + 1)..]))
                result.AddError($"--run: '{app[(name.Length + 1)..]}' is not a kernel (k0, k1, ...).");
            foreach (string word in arguments)
                if (word.Contains('"') || word.Any(char.IsControl))
                    result.AddError($"an app argument cannot contain a double quote or a control character: {word}");
        }
    }

    private static bool CheckBundleFresh(string? bundle, Isa isa)
    {
        if (bundle is null) return true;
        IReadOnlyList<string> stale = BundleApps.Stale(bundle);
        if (stale.Count == 0) return true;
        AnsiConsole.MarkupLine($"[red]helios: --no-build: the {isa.Name()} boot bundle is stale: {Markup.Escape(string.Join(", ", stale))} "
                               + $"{(stale.Count == 1 ? "was" : "were")} built after it; boot without --no-build, or ./helios build --arch {isa.Name()}, to bundle {(stale.Count == 1 ? "it" : "them")}[/]");
        return false;
    }

    /// <summary>The app of "app@k1" (the kernel after '@' is where init starts it: docs/multikernel.md).</summary>
    internal static string AppName(string run) => run.IndexOf('@') is int at and >= 0 ? run[..at] : run;

    private static bool IsKernelName(string kernel) => kernel.Length > 1 && kernel[0] == 'k' && kernel[1..].All(char.IsAsciiDigit);

    // The bundle is read before booting: a name init would not find is a usage error here, with the nearest names.
    // Without a bundle (never built, --no-build) QEMU's own failure says more.
    private static bool CheckAppInBundle(string app, string? bundle, Isa isa)
    {
        if (bundle is null || !File.Exists(bundle)) return true;
        IReadOnlyList<string> apps = BundleApps.Read(bundle);
        app = AppName(app);
        if (apps.Contains(app)) return true;
        if (File.Exists(Path.Combine(Path.GetDirectoryName(bundle)!, "apps", app + ".elf")))
        {
            AnsiConsole.MarkupLine($"[red]helios: --run: no app '{Markup.Escape(app)}' in the {isa.Name()} boot bundle, but its image was built after it: "
                                   + $"the bundle is stale; boot without --no-build, or ./helios build --arch {isa.Name()}, to bundle it[/]");
            return false;
        }
        IReadOnlyList<string> near = BundleApps.Nearest(app, apps);
        string hint = near.Count > 0
            ? "did you mean " + string.Join(" or ", near.Select(n => $"'{n}'")) + "?"
            : "the apps are " + string.Join(", ", apps) + ".";
        AnsiConsole.MarkupLine($"[red]helios: --run: no app '{Markup.Escape(app)}' in the {isa.Name()} boot bundle; {Markup.Escape(hint)}[/]");
        return false;
    }

    private static async Task<int> BootAsync(QemuOptions options, bool prefix, IReadOnlyList<string>? apps, CancellationToken cancel)
    {
        string isa = options.Isa.Name();
        AnsiConsole.MarkupLine($"[grey]helios: booting {Markup.Escape(Path.GetFileName(options.Image))} on {isa}: {Markup.Escape(options.CommandLine)}[/]");
        if (options.GdbPort is int port)
            AnsiConsole.MarkupLine($"[yellow]helios: waiting for gdb: {Markup.Escape(GdbCommand.Display(options.Isa, options.Image, port, GdbCommand.AppsScript()))}[/]");
        QemuResult result;
        try
        {
            result = await QemuRunner.RunAsync(options, line =>
            {
                Console.Out.WriteLine(prefix ? $"[{isa}] {line}" : line);
            }, cancel);
        }
        catch (OperationCanceledException) when (cancel.IsCancellationRequested)
        {
            result = null!;
        }
        // Ctrl-C: QEMU got the SIGINT too, or was killed; whatever it said after that is not the run's result.
        if (cancel.IsCancellationRequested)
        {
            AnsiConsole.MarkupLine($"[yellow]helios: {isa}: interrupted[/]");
            return RunExitCodes.Interrupted;
        }

        string where = $"{isa}: {result.Summary} ({Timing(result)})";
        if (apps is not null)
        {
            (int code, string verdict) = RunExitCodes.For(result, apps);
            string colour = code == 0 ? "green" : "red";
            AnsiConsole.MarkupLine($"[{colour}]helios: {isa}: {Markup.Escape(verdict)}; exit code {code} ({Markup.Escape(Timing(result))})[/]");
            return code;
        }
        switch (result.Outcome)
        {
            case RunOutcome.Exited when result.KernelExitCode == 0:
                AnsiConsole.MarkupLine($"[green]helios: {Markup.Escape(where)}[/]");
                return 0;
            case RunOutcome.Exited or RunOutcome.Panicked:
                AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(where)}[/]");
                return result.KernelExitCode ?? 1;
            case RunOutcome.TimedOut:
                AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(where)}[/] (raise --timeout if it needs longer)");
                return HungExitCode;
            case RunOutcome.DiedWithoutStatus:
                AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(where)}[/]");
                return DiedExitCode;
            default:
                AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(where)}[/]");
                return QemuFailedExitCode;
        }
    }

    // How long the run took, and how long the guest took to say anything (the start-up time, as seen on the console).
    private static string Timing(QemuResult result)
        => $"{result.Elapsed.TotalSeconds:0.00} s; "
           + (result.FirstOutput is TimeSpan first ? $"first output after {first.TotalMilliseconds:0} ms" : "no output");
}
