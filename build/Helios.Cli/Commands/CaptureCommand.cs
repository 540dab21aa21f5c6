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
        var smp = CommonOptions.Cpus();
        var mem = CommonOptions.Memory("128M");
        var topology = CommonOptions.Topology();
        var configuration = CommonOptions.Configuration();
        var timeout = CommonOptions.Timeout(60);
        var noBuild = CommonOptions.NoBuild();
        var output = new Option<FileInfo>("--out", "-o") { Description = "File to write", Required = true };
        var command = new Command("capture", "Save the boot memory the kernel's parsers read, as test data")
        {
            arch, smp, mem, topology, configuration, timeout, noBuild, output,
        };
        CommonOptions.ValidateMemory(command, arch, mem);
        CommonOptions.ValidateTopology(command, arch, topology, smp, mem);
        command.SetAction((parse, cancel) => CommandErrors.Guard(async () =>
        {
            FileInfo file = parse.GetValue(output)!;
            // Before booting: a file that cannot be written should not cost a boot.
            if (Directory.Exists(file.FullName))
                throw new IOException($"cannot write {file.FullName}: it is a directory");
            try
            {
                file.Directory?.Create();
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new IOException($"cannot create the directory for {file.FullName}: {e.Message}", e);
            }

            RepoPaths paths = RepoPaths.Find();
            string config = parse.GetValue(configuration)!;
            if (!parse.GetValue(noBuild))
            {
                int built = await BuildRunner.BuildAsync(paths, config, summary: false);
                if (built != 0) return built;
            }
            Isa isa = IsaNames.Parse(parse.GetValue(arch)!);
            var options = new QemuOptions(isa, paths.Image(config, isa, RepoPaths.KernelImage))
            {
                Bundle = RepoPaths.BundleBeside(paths.Image(config, isa, RepoPaths.KernelImage)),
                Cpus = parse.GetValue(smp),
                MemoryMiB = (int)MemorySize.ParseMiB(parse.GetValue(mem)!)!.Value,
                KernelArguments = "bootinfo.dump capture",
                Timeout = TimeSpan.FromSeconds(parse.GetValue(timeout)),
            }.WithTopology(CommonOptions.TopologyValue(parse, topology), CommonOptions.ExplicitMemoryMiB(parse, mem));
            QemuResult result = await QemuRunner.RunAsync(options, null, cancel);
            if (!result.Succeeded)
            {
                AnsiConsole.MarkupLine($"[red]helios: capture failed: {Markup.Escape(result.Summary)}[/]");
                return 1;
            }
            var lines = new List<string> { $"# Helios boot memory capture ({isa.Name()}, {options.Cpus} CPUs, {options.MemoryMiB} MiB"
                + (options.Topology.IsSingle ? "" : $", topology {options.Topology.Name}") + $"): {options.CommandLine}" };
            lines.AddRange(result.Console.Where(l => l.StartsWith(HostProtocol.MemoryDumpMarker, StringComparison.Ordinal))
                .Select(l => l[HostProtocol.MemoryDumpMarker.Length..]));
            try
            {
                await File.WriteAllLinesAsync(file.FullName, lines, cancel);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new IOException($"cannot write {file.FullName}: {e.Message}", e);
            }
            AnsiConsole.MarkupLine($"helios: wrote {lines.Count - 2} lines of boot memory to {Markup.Escape(file.FullName)}");
            return 0;
        }));
        return command;
    }
}
