// The corpus: each invalid contract states the diagnostics it must produce (// expect: HLnnnn at line:column),
// and produces exactly those; each valid contract produces none. Together with the tests that cover the kinds a
// file cannot show (limits, unreadable files), every diagnostic kind is exercised and documented.
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Xunit;

namespace Helios.Tests.Contracts;

public class CorpusTests
{
    public static TheoryData<string> InvalidFiles => ContractFiles.Names(ContractFiles.Invalid);

    public static TheoryData<string> ValidFiles => ContractFiles.Names(ContractFiles.Valid);

    /// <summary>Kinds shown by tests in code rather than by a corpus file (huge inputs, missing files).</summary>
    private static readonly string[] CoveredInCode = { "HL0005", "HL0006", "HL0008", "HL0115", "HL0212" };

    [Theory]
    [MemberData(nameof(InvalidFiles))]
    public void InvalidContractIsRejectedWithTheExpectedDiagnostics(string name)
    {
        string path = Path.Combine(ContractFiles.Corpus, "invalid", name);
        string text = File.ReadAllText(path);
        List<string> expected = ContractFiles.Expectations(text);
        Assert.True(expected.Count > 0, $"{name} states no '// expect: HLnnnn at line:column'");
        ContractCompilation compilation = ContractCompiler.Compile(path, text);
        Assert.True(expected.SequenceEqual(ContractFiles.Summaries(compilation)),
            $"expected:\n  {string.Join("\n  ", expected)}\nactual:\n  {string.Join("\n  ", compilation.Diagnostics)}");
        Assert.All(compilation.Diagnostics, d => Assert.Equal(path, d.Location.File.Path));
    }

    [Theory]
    [MemberData(nameof(ValidFiles))]
    public void ValidContractHasNoDiagnostics(string name)
    {
        string path = Path.Combine(ContractFiles.Corpus, "valid", name);
        ContractCompilation compilation = ContractCompiler.Compile(path, File.ReadAllText(path));
        Assert.True(!compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
        Assert.NotEmpty(compilation.Contracts);
        Assert.All(compilation.Contracts, c => Assert.True(c.Table.StateCount > 0 && c.Table.MessageCount > 0));
    }

    [Fact]
    public void TheSystemContractsAreValid()
    {
        ContractCompilation compilation = ContractFiles.CompileSystem();
        Assert.True(!compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
        Assert.Equal(new[] { "BufferRoundTripContract", "FileContract", "FileSystemContract", "PipeContract", "KernelControlContract", "TcpConnectionContract", "TcpContract", "PingPongContract", "BlockDeviceContract" },
            compilation.Contracts.Select(c => c.Name).ToArray());
    }

    [Fact]
    public void TheCorpusIsLargeAndCoversEveryDiagnosticKind()
    {
        var files = ContractFiles.Invalid.ToList();
        Assert.True(files.Count >= 25, $"only {files.Count} invalid contracts");
        var shown = new HashSet<string>(CoveredInCode);
        foreach (string file in files)
            foreach (string expectation in ContractFiles.Expectations(File.ReadAllText(file)))
                shown.Add(expectation[..6]);
        string[] missing = DiagnosticKind.All.Select(k => k.Id).Where(id => !shown.Contains(id)).ToArray();
        Assert.True(missing.Length == 0, "no corpus file or test shows " + string.Join(", ", missing));
    }

    [Fact]
    public void EveryDiagnosticKindIsDocumentedWithAnExample()
    {
        string docs = File.ReadAllText(Path.Combine(TestData.Repo.Root, "docs", "contracts.md"));
        foreach (DiagnosticKind kind in DiagnosticKind.All)
        {
            int at = docs.IndexOf($"### {kind.Id}", StringComparison.Ordinal);
            Assert.True(at >= 0, $"docs/contracts.md has no section '### {kind.Id}'");
            int next = docs.IndexOf("### HL", at + 1, StringComparison.Ordinal);
            string section = next < 0 ? docs[at..] : docs[at..next];
            Assert.True(section.Contains("```"), $"docs/contracts.md: {kind.Id} has no example");
        }
    }

    [Fact]
    public void DiagnosticIdsAreUniqueAndWellFormed()
    {
        var ids = DiagnosticKind.All.Select(k => k.Id).ToList();
        Assert.Equal(ids.Count, ids.Distinct().Count());
        Assert.All(ids, id => Assert.Matches(@"^HL\d{4}$", id));
    }
}
