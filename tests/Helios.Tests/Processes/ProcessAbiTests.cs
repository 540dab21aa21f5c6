// The process ABI has one list on each side: the imports a process image declares (src/Sip/Abi/Imports.inc) and the
// entry points the kernel exports to processes (src/Kernel/Processes/ProcessAbi.cs). They must name the same things:
// an import the kernel lacks makes every app unloadable, an export nobody imports is dead code.
using System.Text.RegularExpressions;
using Xunit;

namespace Helios.Tests.Processes;

public partial class ProcessAbiTests
{
    [GeneratedRegex(@"^HELIOS_IMPORT\((\w+)\)\s*$", RegexOptions.Multiline)]
    private static partial Regex ImportLine();

    [GeneratedRegex(@"\[""(helios_\w+)""\]\s*=")]
    private static partial Regex ExportEntry();

    [Fact]
    public void TheImportsAndTheKernelsExportsNameTheSameEntryPoints()
    {
        string imports = File.ReadAllText(Path.Combine(TestData.Repo.Root, "src", "Sip", "Abi", "Imports.inc"));
        string exports = File.ReadAllText(Path.Combine(TestData.Repo.Root, "src", "Kernel", "Processes", "ProcessAbi.cs"));
        string[] imported = ImportLine().Matches(imports).Select(m => m.Groups[1].Value).Order().ToArray();
        string[] exported = ExportEntry().Matches(exports).Select(m => m.Groups[1].Value).Order().ToArray();
        Assert.NotEmpty(imported);
        Assert.Equal(imported, exported);
        Assert.Equal(imported.Length, imported.Distinct().Count());
    }
}
