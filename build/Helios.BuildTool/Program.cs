// helios-buildtool: steps of the image build that need more than MSBuild and the toolchain.
//   symbols --elf <first-link.elf> --out <table.bin> --assembly <a.dll>...   the image's symbol table
//   app-manifest ...   an app's manifest: written at its first build, checked at every build, compiled for the bundle
//   verify ...         an app's IL is safe to run beside the kernel
//   bundle ...         the boot bundle of one ISA: every app's image and manifest, and init.conf
//   contract-libraries ...   one declaration per contract across an app and the contract libraries it references
using Helios.BuildTool;
using System.CommandLine;
using Helios.Tooling.Elf;
using Helios.Tooling.Symbols;

var elfOption = new Option<FileInfo>("--elf") { Description = "The image from the first link", Required = true };
var outOption = new Option<FileInfo>("--out") { Description = "Where to write the symbol table", Required = true };
var assemblyOption = new Option<FileInfo[]>("--assembly") { Description = "Assemblies compiled into the image", Required = true, AllowMultipleArgumentsPerToken = true };

var symbols = new Command("symbols", "Write an image's symbol table") { elfOption, outOption, assemblyOption };
symbols.SetAction(parse =>
{
    FileInfo elf = parse.GetValue(elfOption)!;
    FileInfo output = parse.GetValue(outOption)!;
    FileInfo[] assemblies = parse.GetValue(assemblyOption)!;
    try
    {
        (byte[] table, int count) = ImageSymbolBuilder.Build(ElfFile.Read(elf.FullName), assemblies.Select(a => a.FullName));
        File.WriteAllBytes(output.FullName, table);
        Console.WriteLine($"helios-buildtool: {count} symbols, {table.Length} bytes -> {output.Name}");
        return 0;
    }
    catch (Exception e) when (e is IOException or UnauthorizedAccessException or InvalidDataException or BadImageFormatException)
    {
        Console.Error.WriteLine($"helios-buildtool: error: {e.Message}");
        return 1;
    }
});

var root = new RootCommand("Helios build steps (run by the build, not by hand)")
{
    symbols, AppManifestStep.Create(), VerifyStep.Create(), BundleStep.Create(), ContractLibrariesStep.Create(),
};
return root.Parse(args).Invoke();
