// helios bench fs: the file system benchmark (docs/benchmarking.md). A fresh FAT32 image (as `disk create` makes it)
// is attached to the benchmark machine, the kernel image boots with the disk's services (virtioblk at /dev/blk0,
// fatfs at /fs, as `boot --disk` starts them) and runs the postmark app, whose RESULT lines (postmark in tx_per_s,
// seq_read_16m in mib_per_s) are printed as the other bench commands print theirs. Under -icount a second is 10^9
// guest instructions, so the disk's speed is QEMU's emulation counted in instructions, not a device's; the driver
// polls while QEMU's I/O thread works, so unlike the other suites two runs differ a little (docs/benchmarking.md).
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Bench;
using Helios.Tooling.Disk;
using Helios.Tooling.Qemu;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class FsBenchCommand
{
    /// <summary>The app's own prefix on its console lines ("[postmark] RESULT ..."): the parser reads bare lines.</summary>
    private const string AppPrefix = "[postmark] ";

    public const int DiskMiB = 64;

    /// <summary>What the postmark app takes besides its repetitions (src/Apps/PostMark/Program.cs).</summary>
    private static readonly string[] Settings = ["files", "low", "high", "transactions", "seed", "block", "seq-mib", "seq-block"];

    public static Command Create()
    {
        var arch = CommonOptions.Arch(null, allowAll: true);
        var reps = BenchOptions.Reps();
        var timeout = CommonOptions.Timeout(3600);
        var postmarkArgs = new Option<string?>("--postmark-args")
        {
            Description = "More settings for the postmark app, name=value separated by spaces (files=100 low=512 high=10000 transactions=500 seed=42 block=512 seq-mib=16 seq-block=16384)",
        };
        var console = BenchOptions.Console();
        var noBuild = CommonOptions.NoBuild();
        var configuration = CommonOptions.Configuration();
        var command = new Command("fs", "Boot the file system benchmark (PostMark over fatfs and virtio-blk on a fresh 64 MiB FAT32 image, then a sequential read of a 16 MiB file) in the benchmark machine and print postmark (tx_per_s) and seq_read_16m (mib_per_s). Under -icount a second is 10^9 guest instructions: the disk's speed is QEMU's emulation, not a device's, and since the driver polls while QEMU's I/O thread works, figures vary a little between runs and with the host's load")
        {
            arch, reps, timeout, postmarkArgs, console, configuration, noBuild,
        };
        command.Validators.Add(result =>
        {
            foreach (string word in (result.GetValue(postmarkArgs) ?? "").Split(' ', StringSplitOptions.RemoveEmptyEntries))
            {
                int equals = word.IndexOf('=');
                string name = equals < 0 ? word : word[..equals];
                if (equals < 0 || !ulong.TryParse(word[(equals + 1)..], out _))
                    result.AddError($"--postmark-args: '{word}' is not name=number.");
                else if (name is "reps" or "seq-reps")
                    result.AddError($"--postmark-args: {name} comes from --reps (the methodology's repetitions).");
                else if (!Settings.Contains(name))
                    result.AddError($"--postmark-args: '{name}' is not a postmark setting ({string.Join(", ", Settings)}).");
            }
        });
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
            string[] settings = [$"reps={parse.GetValue(reps)}", $"seq-reps={parse.GetValue(reps)}",
                .. (parse.GetValue(postmarkArgs) ?? "").Split(' ', StringSplitOptions.RemoveEmptyEntries)];
            bool allGood = true;
            foreach (Isa isa in isas)
                if (await RunAsync(paths, config, isa, settings, TimeSpan.FromSeconds(parse.GetValue(timeout)), parse.GetValue(console), cancel) is null)
                    allGood = false;
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
        FatImage.Create(disk, DiskMiB, from: null);
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
        BenchRenderer.Heading("helios", isa, Path.GetFileName(image) + $" + {DiskMiB} MiB FAT32 disk");
        BenchRenderer.Results(parsed.Results);
        return parsed.Results;
    }
}
