// helios capture: boot the kernel with "bootinfo.dump" and save the memory its boot parsers read (the PVH start
// info and ACPI tables, or the device tree) as a test fixture for the same parsers on the host (tests/Data/boot).
using System.CommandLine;
using Helios.Kernel.Diagnostics;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class CaptureCommand
{
    public static Command Create()
    {
        var arch = CommonOptions.Arch(null, allowAll: false);
        var smp = CommonOptions.Positive(new Option<int>("--smp") { Description = "Number of CPUs (default 2)", DefaultValueFactory = _ => 2 });
        var mem = new Option<int>("--mem-mib") { Description = "Memory in MiB (default 128)", DefaultValueFactory = _ => 128 };
        var output = new Option<FileInfo>("--out", "-o") { Description = "File to write", Required = true };
        var command = new Command("capture", "Save the boot memory the kernel's parsers read, as test data") { arch, smp, mem, output };
        command.SetAction(async (parse, cancel) =>
        {
            RepoPaths paths = RepoPaths.Find();
            int built = await BuildRunner.BuildAsync(paths, "Debug", summary: false);
            if (built != 0) return built;
            Isa isa = IsaNames.Parse(parse.GetValue(arch)!);
            var options = new QemuOptions(isa, paths.Image(isa, RepoPaths.KernelImage))
            {
                Cpus = parse.GetValue(smp),
                MemoryMiB = parse.GetValue(mem),
                KernelArguments = "bootinfo.dump capture",
                Timeout = TimeSpan.FromSeconds(60),
            };
            QemuResult result = await QemuRunner.RunAsync(options, null, cancel);
            if (!result.Succeeded)
            {
                AnsiConsole.MarkupLine($"[red]helios: capture failed: {Markup.Escape(result.Summary)}[/]");
                return 1;
            }
            FileInfo file = parse.GetValue(output)!;
            file.Directory?.Create();
            var lines = new List<string> { $"# Helios boot memory capture ({isa.Name()}, {options.Cpus} CPUs, {options.MemoryMiB} MiB): {options.CommandLine}" };
            lines.AddRange(result.Console.Where(l => l.StartsWith(HostProtocol.MemoryDumpMarker, StringComparison.Ordinal)).Select(l => l[HostProtocol.MemoryDumpMarker.Length..]));
            await File.WriteAllLinesAsync(file.FullName, lines, cancel);
            AnsiConsole.MarkupLine($"helios: wrote {lines.Count - 2} lines of boot memory to {Markup.Escape(file.FullName)}");
            return 0;
        });
        return command;
    }
}
