// helios manifest check: validate application manifests (schema, rules, and with --contracts the contracts they name).
// Exit 0 when every file is valid, 1 when any is not, 2 for usage errors.
using System.CommandLine;
using Helios.Manifests;
using Helios.Manifests.Contracts;

namespace Helios.Cli.Commands;

internal static class ManifestCommand
{
    public static Command Create()
    {
        var contracts = new Option<string?>("--contracts", "-c")
        {
            Description = "Also check that every contract a manifest names is declared in a *.contract file under this directory",
            HelpName = "dir",
        };
        var files = new Argument<string[]>("file") { Description = "Manifest files to check", Arity = ArgumentArity.OneOrMore };
        CommonOptions.NoUnknownOptions(files);
        var check = new Command("check", "Check manifests against the schema and every rule; print file:line:column: message for each problem") { contracts, files };
        check.SetAction(parse => Check(parse.GetValue(files)!, parse.GetValue(contracts)));
        return new Command("manifest", "Work with application manifests (manifests/*.xml, docs/manifests.md)") { check };
    }

    private static int Check(string[] files, string? contractDirectory)
    {
        IContractCatalog? catalog = null;
        if (contractDirectory is not null)
        {
            try
            {
                catalog = ContractDirectoryCatalog.Load(contractDirectory);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                Console.Error.WriteLine($"helios: --contracts: {e.Message}");
                return 2;
            }
        }
        var loader = new ManifestLoader(catalog);
        int invalid = 0;
        foreach (string file in files)
        {
            ManifestLoadResult result = loader.LoadFile(file);
            if (result.IsValid)
            {
                Console.WriteLine($"{file}: valid");
                continue;
            }
            invalid++;
            foreach (ManifestDiagnostic diagnostic in result.Diagnostics) Console.WriteLine(diagnostic.ToString());
        }
        if (files.Length > 1) Console.WriteLine($"helios: {files.Length} manifests checked, {invalid} invalid");
        return invalid == 0 ? 0 : 1;
    }
}
