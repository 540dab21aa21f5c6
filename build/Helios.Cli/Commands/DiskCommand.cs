// helios disk create: a FAT32 disk image for ./helios boot --disk, made by mkfs.vfat and filled from a host folder by
// mcopy. Exit 0 when the image is made, 1 when a tool is missing or fails (the folder does not fit, the file exists),
// 2 for usage errors.
using System.CommandLine;
using Helios.Tooling.Disk;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class DiskCommand
{
    public static Command Create()
    {
        var size = new Option<string>("--size", "-s")
        {
            Description = $"The image's size: MiB, or with a suffix (64M, 1G); at least {FatImage.MinimumMiB}M, which FAT32 needs",
            HelpName = "size",
            Required = true,
        };
        size.Validators.Add(result =>
        {
            string value = result.GetValueOrDefault<string>() ?? "";
            if (MemorySize.ParseMiB(value) is not long mib)
                result.AddError($"--size: '{value}' is not a size; use a number of MiB or a size like 64M or 2G.");
            else if (mib < FatImage.MinimumMiB)
                result.AddError($"--size: {MemorySize.Format(mib)} is too small for FAT32, which needs at least {FatImage.MinimumMiB}M (65,525 clusters).");
            else if (mib > FatImage.MaximumMiB)
                result.AddError($"--size: {MemorySize.Format(mib)} is larger than FAT32's {MemorySize.Format(FatImage.MaximumMiB)}.");
        });
        var from = new Option<string?>("--from") { Description = "Copy every file and folder under this host folder into the image's root", HelpName = "dir" };
        from.Validators.Add(result =>
        {
            if (result.GetValueOrDefault<string?>() is string dir && !Directory.Exists(dir)) result.AddError($"--from: '{dir}' is not a folder.");
        });
        var force = new Option<bool>("--force", "-f") { Description = "Replace the file if it exists" };
        var file = new Argument<string>("file") { Description = "The image file to make (raw, sparse)" };
        file.Validators.Add(result =>
        {
            string value = result.GetValueOrDefault<string>() ?? "";
            if (value.StartsWith('-')) result.AddError($"Unrecognized command or argument '{value}'.");
            else if (Directory.Exists(value)) result.AddError($"'{value}' is a folder, not an image file.");
        });
        var create = new Command("create", "Make a FAT32 disk image (mkfs.vfat), optionally filled from a host folder (mcopy)") { size, from, force, file };
        create.SetAction(parse => CommandErrors.Guard(() => Run(parse.GetValue(file)!, MemorySize.ParseMiB(parse.GetValue(size)!)!.Value, parse.GetValue(from), parse.GetValue(force))));
        return new Command("disk", "Work with disk images for ./helios boot --disk (docs/services.md)") { create };
    }

    private static int Run(string file, long sizeMiB, string? from, bool force)
    {
        if (File.Exists(file))
        {
            if (!force)
            {
                AnsiConsole.MarkupLine($"[red]helios: {Markup.Escape(file)} exists (--force replaces it)[/]");
                return 1;
            }
            File.Delete(file);
        }
        try
        {
            int files = FatImage.Create(file, sizeMiB, from);
            string filled = from is null ? "empty" : $"{files} file{(files == 1 ? "" : "s")} from {from}";
            AnsiConsole.MarkupLine($"[green]helios: {Markup.Escape(file)}: {MemorySize.Format(sizeMiB)} FAT32 image, {Markup.Escape(filled)}[/]");
            return 0;
        }
        catch (FatImage.ToolException e)
        {
            AnsiConsole.MarkupLine($"[red]helios: disk create: {Markup.Escape(e.Message)}[/]");
            return 1;
        }
    }
}
