// helios bench fs: the file system benchmark (docs/benchmarking.md). A fresh FAT32 image (as `disk create` makes it)
// is attached to the benchmark machine, the kernel image boots with the disk's services (virtioblk at /dev/blk0,
// fatfs at /fs, as `boot --disk` starts them) and runs the postmark app, whose RESULT lines (postmark in tx_per_s,
// seq_read_16m in mib_per_s) are printed as the other bench commands print theirs. Under -icount a second is 10^9
// guest instructions, so the disk's speed is QEMU's emulation counted in instructions, not a device's; the driver
// sleeps until the disk interrupts while QEMU's I/O thread works, and an idle guest's clock jumps to its next timer
// when the host is slow to finish, so unlike the other suites runs differ, more on a busy host (docs/benchmarking.md).
// --vs-linux runs bench linux's fs suite (the same PostMark and read on Linux's vfat) after each ISA's run.
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Bench;
using Helios.Tooling.Bench.Linux;
using Helios.Tooling.Disk;
using Helios.Tooling.Qemu;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class FsBenchCommand
{
    /// <summary>The app's own prefix on its console lines ("[postmark] RESULT ..."): the parser reads bare lines.</summary>
    private const string AppPrefix = "[postmark] ";


    public static Command Create()
    {
        var arch = CommonOptions.Arch(null, allowAll: true);
        var reps = BenchOptions.Reps();
        var timeout = CommonOptions.Timeout(3600);
        var postmarkArgs = BenchOptions.PostMarkArgs();
        var vsLinux = new Option<bool>("--vs-linux")
        {
            Description = "Also run the same PostMark and read on Linux's vfat (bench linux's fs suite) and print both side by side",
        };
        var console = BenchOptions.Console();
        var noBuild = CommonOptions.NoBuild();
        var configuration = CommonOptions.Configuration();
        var command = new Command("fs", "Boot the file system benchmark (PostMark over fatfs and virtio-blk on a fresh 64 MiB FAT32 image, then a sequential read of a 16 MiB file) in the benchmark machine and print postmark (tx_per_s) and seq_read_16m (mib_per_s); with --vs-linux, Linux's figures for the same work beside them. Under -icount a second is 10^9 guest instructions: the disk's speed is QEMU's emulation, not a device's, and since the disk's requests complete in QEMU's I/O thread, figures vary a little between runs and with the host's load")
        {
            arch, reps, timeout, postmarkArgs, vsLinux, console, configuration, noBuild,
        };
        command.SetAction((parse, cancel) => CommandErrors.Guard(async () =>
        {
            RepoPaths paths = RepoPaths.Find();
            string config = parse.GetValue(configuration)!;
            IReadOnlyList<Isa> isas = IsaNames.Expand(parse.GetValue(arch)!);
            if (!parse.GetValue(noBuild))
            {
                int built = await BuildRunner.BuildAsync(paths, config, summary: false, isas);
                if (built != 0) return built;
            }
            string[] postmark = BenchOptions.Words(parse.GetValue(postmarkArgs));
            string[] settings = [$"reps={parse.GetValue(reps)}", $"seq-reps={parse.GetValue(reps)}", .. postmark];
            TimeSpan limit = TimeSpan.FromSeconds(parse.GetValue(timeout));
            bool allGood = true;
            foreach (Isa isa in isas)
            {
                IReadOnlyList<BenchResult>? helios = await RunAsync(paths, config, isa, settings, limit, parse.GetValue(console), cancel);
                if (helios is null)
                {
                    allGood = false;
                    continue;
                }
                if (!parse.GetValue(vsLinux)) continue;
                LinuxBenchRun? linux = await LinuxBaseline.RunAsync(paths, isa, parse.GetValue(reps), limit, "", parse.GetValue(console),
                    reuseSaved: false, cancel, fsSettings: postmark);
                if (linux is null)
                {
                    allGood = false;
                    continue;
                }
                string provenance = $"{linux.Artifacts.Kernel}, vfat on a {BenchmarkMachine.FsDiskMiB} MiB FAT32 disk";
                BenchRenderer.Heading("linux", isa, provenance);
                BenchRenderer.Results(linux.Results);
                BenchRenderer.Comparison(isa, BenchComparison.Build(helios, linux.Results), provenance);
            }
            return allGood ? 0 : 1;
        }));
        return command;
    }

    /// <summary>One ISA's run on a new image: its figures, or null having said why.</summary>
    public static async Task<IReadOnlyList<BenchResult>?> RunAsync(RepoPaths paths, string config, Isa isa, string[] settings, TimeSpan timeout,
        bool showConsole, CancellationToken cancel)
    {
        string who = $"helios: fs {isa.Name()}";
        string folder = Path.Combine(paths.Root, "artifacts", "bench-fs", isa.Name());
        Directory.CreateDirectory(folder);
        string disk = Path.Combine(folder, "disk.img");
        File.Delete(disk);   // every run starts from an empty file system, as every Linux run does
        FatImage.Create(disk, BenchmarkMachine.FsDiskMiB, from: null);
        string image = paths.Image(config, isa, RepoPaths.KernelImage);
        QemuOptions options = BenchmarkMachine.Options(isa, image) with
        {
            KernelArguments = BootCommand.KernelCommandLine(BootCommand.DiskServices, [("postmark", settings)]),
            Disk = disk,
            Timeout = timeout,
        };
        Console.Out.WriteLine($"{who}: {options.CommandLine}");
        QemuResult run = await QemuRunner.RunAsync(options, line =>
        {
            if (showConsole) Console.Out.WriteLine($"[{isa.Name()}] {line}");
        }, cancel);
        var lines = run.Console.Select(line => line.StartsWith(AppPrefix, StringComparison.Ordinal) ? line[AppPrefix.Length..] : line).ToList();
        BenchParseResult parsed = BenchResultParser.ParseConsole(lines);
        bool exited = lines.Any(line => line.StartsWith("init: postmark (pid ", StringComparison.Ordinal) && line.EndsWith(" exited with code 0", StringComparison.Ordinal));
        if (!BenchRunCheck.Usable(who, run, exited, "postmark did not exit with code 0", parsed)) return null;
        AnsiConsole.MarkupLine($"[grey]{Markup.Escape($"{who}: {parsed.Results.Count} figures in {run.Elapsed.TotalSeconds:0.0} s")}[/]");
        BenchRenderer.Heading("helios", isa, Path.GetFileName(image) + $" + {BenchmarkMachine.FsDiskMiB} MiB FAT32 disk");
        BenchRenderer.Results(parsed.Results);
        return parsed.Results;
    }
}
