// An app's manifest in the build: written from the app's metadata when the app has none yet (Helios's compiler did
// this; people then edit the file), checked against the schema, the rules and the contracts at every build, and
// compiled to the binary form the kernel reads from the boot bundle.
using System.CommandLine;
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Manifests.Contracts;

namespace Helios.BuildTool;

internal static class AppManifestStep
{
    public static Command Create()
    {
        var name = new Option<string>("--name") { Description = "The app's name (its image is <name>.elf)", Required = true };
        var manifest = new Option<FileInfo>("--manifest") { Description = "The app's manifest (manifests/<name>.manifest.xml)", Required = true };
        var contracts = new Option<DirectoryInfo[]>("--contracts") { Description = "Where the *.contract files are (the system's; repeat for the app's own)" };
        var blob = new Option<FileInfo>("--blob") { Description = "Where to write the compiled manifest", Required = true };
        var command = new Command("app-manifest", "Write (if missing), check and compile an app's manifest") { name, manifest, contracts, blob };
        command.SetAction(parse => Run(parse.GetValue(name)!, parse.GetValue(manifest)!, parse.GetValue(contracts), parse.GetValue(blob)!));
        return command;
    }

    private static int Run(string name, FileInfo manifestFile, DirectoryInfo[]? contractDirectories, FileInfo blobFile)
    {
        if (!manifestFile.Exists)
        {
            // What the app's metadata says today: its name and image; every other setting at its default.
            var generated = new ApplicationManifest(name) { Image = name + ".elf" };
            Directory.CreateDirectory(manifestFile.DirectoryName!);
            ManifestXmlWriter.WriteFile(manifestFile.FullName, generated,
                $"The manifest of {name}, written at its first build; edit it freely (docs/manifests.md).");
            Console.WriteLine($"helios-buildtool: wrote {manifestFile.FullName}");
        }
        var catalogs = (contractDirectories ?? Array.Empty<DirectoryInfo>()).Where(d => d.Exists)
            .Select(d => (IContractCatalog)ContractDirectoryCatalog.Load(d.FullName)).ToList();
        IContractCatalog? catalog = catalogs.Count switch { 0 => null, 1 => catalogs[0], _ => new CombinedContractCatalog(catalogs) };
        ManifestLoadResult result = new ManifestLoader(catalog).LoadFile(manifestFile.FullName);
        // MSBuild's canonical error format: the Exec task of build/Helios.App.targets makes each line a build error
        // at the manifest's line and column.
        foreach (ManifestDiagnostic diagnostic in result.Diagnostics) Console.WriteLine(diagnostic.ToMsBuildError());
        if (result.Manifest is not ApplicationManifest manifest) return 1;
        if (manifest.Name != name)
        {
            Console.WriteLine(new ManifestDiagnostic(manifestFile.FullName, 0, 0, ManifestErrorCode.WrongApplication,
                $"the application is named '{manifest.Name}', but the app is '{name}' (its assembly name in lower case)").ToMsBuildError());
            return 1;
        }
        Directory.CreateDirectory(blobFile.DirectoryName!);
        byte[] bytes = ManifestBlobWriter.Write(manifest);
        if (!blobFile.Exists || !File.ReadAllBytes(blobFile.FullName).AsSpan().SequenceEqual(bytes)) File.WriteAllBytes(blobFile.FullName, bytes);
        return 0;
    }
}
