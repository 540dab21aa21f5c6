// helios boot: start an image in QEMU on the right machine, stream its console, exit with the kernel's status.
using System.CommandLine;
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
        var smp = CommonOptions.Positive(new Option<int>("--smp") { Description = "Number of CPUs (default 2)", DefaultValueFactory = _ => 2 });
        var mem = new Option<string>("--mem", "-m") { Description = "Memory: MiB, or with a suffix (512M, 1G); default 128M", DefaultValueFactory = _ => "128M" };
        mem.Validators.Add(r =>
        {
            if (ParseMemory(r.GetValueOrDefault<string>() ?? "") is null)
                r.AddError($"--mem: '{r.GetValueOrDefault<string>()}' is not a size; use a number of MiB or a size like 512M or 2G (16M to 64G).");
        });
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
        var kernelArgs = new Argument<string[]>("kernel-args") { Description = "The kernel command line, after --", Arity = ArgumentArity.ZeroOrMore };

        var command = new Command("boot", "Boot an image in QEMU and stream its console") { arch, smp, mem, timeout, image, noBuild, gdb, icount, kernelArgs };
        command.SetAction(async (parse, cancel) =>
        {
            RepoPaths paths = RepoPaths.Find();
            if (!parse.GetValue(noBuild))
            {
                int built = await BuildRunner.BuildAsync(paths, "Debug", summary: false);
                if (built != 0) return built;
            }
            IReadOnlyList<Isa> isas = IsaNames.Expand(parse.GetValue(arch)!);
            string imageName = parse.GetValue(image) == "tests" ? RepoPaths.KernelTestImage : RepoPaths.KernelImage;
            int worst = 0;
            foreach (Isa isa in isas)
            {
                var options = new QemuOptions(isa, paths.Image(isa, imageName))
                {
                    Cpus = parse.GetValue(smp),
                    MemoryMiB = ParseMemory(parse.GetValue(mem)!)!.Value,
                    KernelArguments = string.Join(" ", parse.GetValue(kernelArgs) ?? []),
                    Timeout = parse.GetValue(gdb) ? TimeSpan.FromDays(1) : TimeSpan.FromSeconds(parse.GetValue(timeout)),
                    DeterministicTiming = parse.GetValue(icount),
                    GdbPort = parse.GetValue(gdb) ? 1234 : null,
                };
                int code = await BootAsync(options, prefix: isas.Count > 1, cancel);
                if (worst == 0) worst = code;
            }
            return worst;
        });
        return command;
    }

    private static async Task<int> BootAsync(QemuOptions options, bool prefix, CancellationToken cancel)
    {
        string isa = options.Isa.Name();
        AnsiConsole.MarkupLine($"[grey]helios: booting {Markup.Escape(Path.GetFileName(options.Image))} on {isa}: {Markup.Escape(options.CommandLine)}[/]");
        if (options.GdbPort is int port)
            AnsiConsole.MarkupLine($"[yellow]helios: waiting for gdb: {(options.Isa == Isa.X86_64 ? "gdb" : "gdb-multiarch")} -ex 'target remote :{port}' {Markup.Escape(options.Image)}[/]");
        QemuResult result = await QemuRunner.RunAsync(options, line =>
        {
            Console.Out.WriteLine(prefix ? $"[{isa}] {line}" : line);
        }, cancel);

        string where = $"{isa}: {result.Summary} ({result.Elapsed.TotalSeconds:0.00} s)";
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

    /// <summary>MiB from "256", "256M", "2G"; null when it is not a size QEMU and the kernel handle (16 MiB to 64 GiB).</summary>
    public static int? ParseMemory(string text)
    {
        text = text.Trim();
        int factor = 1;
        if (text.EndsWith('G') || text.EndsWith('g')) { factor = 1024; text = text[..^1]; }
        else if (text.EndsWith('M') || text.EndsWith('m')) { text = text[..^1]; }
        if (!int.TryParse(text, out int value) || value <= 0) return null;
        long mib = (long)value * factor;
        return mib is >= 16 and <= 64 * 1024 ? (int)mib : null;
    }
}
