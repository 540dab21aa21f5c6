// The boot bundle of one ISA: a cpio archive of apps/<name>.elf and apps/<name>.manifest for every app, and init.conf
// (what init starts when the command line names nothing). The kernel reads it with Boot/BootBundle.cs.
using System.CommandLine;
using Helios.Tooling;

namespace Helios.BuildTool;

internal static class BundleStep
{
    public static Command Create()
    {
        var output = new Option<FileInfo>("--out") { Description = "The bundle to write", Required = true };
        var apps = new Option<string[]>("--app") { Description = "name=image.elf;manifest.blob, one per app", AllowMultipleArgumentsPerToken = true };
        var init = new Option<FileInfo?>("--init") { Description = "init.conf" };
        var command = new Command("bundle", "Write a boot bundle") { output, apps, init };
        command.SetAction(parse => Run(parse.GetValue(output)!, parse.GetValue(apps) ?? [], parse.GetValue(init)));
        return command;
    }

    private static int Run(FileInfo output, string[] apps, FileInfo? init)
    {
        var entries = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (string app in apps)
        {
            int equals = app.IndexOf('=');
            string[] files = equals < 0 ? [] : app[(equals + 1)..].Split(';');
            if (equals <= 0 || files.Length != 2)
            {
                Console.Error.WriteLine($"helios-buildtool: --app {app}: expected name=image;manifest");
                return 1;
            }
            string name = app[..equals];
            if (!entries.TryAdd($"apps/{name}.elf", files[0]) || !entries.TryAdd($"apps/{name}.manifest", files[1]))
            {
                Console.Error.WriteLine($"helios-buildtool: two apps are named {name}");
                return 1;
            }
        }
        if (init is not null) entries["init.conf"] = init.FullName;

        Directory.CreateDirectory(output.DirectoryName!);
        using var memory = new MemoryStream();
        var writer = new CpioWriter(memory);
        writer.AddDirectory("apps");
        foreach ((string name, string file) in entries) writer.AddFile(name, File.ReadAllBytes(file), 0b110_100_100);
        writer.Finish();
        byte[] bytes = memory.ToArray();
        if (!output.Exists || !File.ReadAllBytes(output.FullName).AsSpan().SequenceEqual(bytes)) File.WriteAllBytes(output.FullName, bytes);
        var recipe = new List<string> { "--out", output.FullName };
        if (init is not null) recipe.AddRange(["--init", init.FullName]);
        foreach (string app in apps) recipe.AddRange(["--app", app]);
        BundleRecipe.Write(output.FullName, recipe);
        Console.WriteLine($"helios-buildtool: {entries.Count(e => e.Key.EndsWith(".elf"))} apps, {bytes.Length / 1024} KiB -> {output.FullName}");
        return 0;
    }
}
