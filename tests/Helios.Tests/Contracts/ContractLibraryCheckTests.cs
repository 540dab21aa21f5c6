// One declaration per contract across an app's own contracts and the contract libraries it references
// (ContractLibraryCheck, HL0115): the check the app build runs (build/Helios.AppContractLibraries.targets).
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Text;
using Xunit;

namespace Helios.Tests.Contracts;

public class ContractLibraryCheckTests
{
    private const string Echo = "contract EchoContract {\n  in message Say(int n);\n  out message Said(int n);\n  state Start: Say? -> Said! -> Start;\n}\n";
    private const string Other = "contract OtherContract {\n  in message Ping();\n  state Start: Ping? -> Start;\n}\n";

    private static (string, IReadOnlyList<SourceFile>) Source(string owner, params (string Path, string Text)[] files)
        => (owner, files.Select(f => new SourceFile(f.Path, f.Text)).ToList());

    [Fact]
    public void DistinctNamesPass()
    {
        Assert.Empty(ContractLibraryCheck.Check([Source("Echoes", ("lib/Echo.contract", Echo)), Source(null, ("app/Other.contract", Other))]));
    }

    [Fact]
    public void AnAppsDriftedCopyIsReportedAtTheCopyNamingTheLibrarysFile()
    {
        string drifted = Echo.Replace("Say(int n)", "Say(long n)");
        Diagnostic d = Assert.Single(ContractLibraryCheck.Check([Source("Echoes", ("lib/Echo.contract", Echo)), Source(null, ("app/Mine.contract", "\n" + drifted))]));
        Assert.Equal("HL0115", d.Id);
        Assert.Equal("app/Mine.contract", d.Location.File.Path);
        Assert.Equal((2, 10), (d.Location.Start.Line, d.Location.Start.Column));
        Assert.StartsWith("contract 'EchoContract' is also declared by the contract library Echoes, which this app references, at lib/Echo.contract(1,10); "
            + "the two differ (fingerprint 0x", d.Message);
        Assert.EndsWith("a contract has one declaration, so use the library's and delete this copy", d.Message);
    }

    [Fact]
    public void AnIdenticalCopyIsRefusedToo()
    {
        // Identical today; the next edit of either makes two protocols under one id.
        Diagnostic d = Assert.Single(ContractLibraryCheck.Check([Source("Echoes", ("lib/Echo.contract", Echo)), Source(null, ("app/Echo.contract", Echo))]));
        Assert.Contains("the two are identical today, but copies drift", d.Message);
    }

    [Fact]
    public void TwoLibrariesDeclaringOneNameAreReportedAtTheSecond()
    {
        Diagnostic d = Assert.Single(ContractLibraryCheck.Check([
            Source("Echoes", ("a/Echo.contract", Echo)),
            Source("MoreEchoes", ("b/Other.contract", Other), ("b/Echo.contract", Echo.Replace("Said(int n)", "Said(int n, int m)"))),
            Source(null)]));
        Assert.Equal("b/Echo.contract", d.Location.File.Path);
        Assert.StartsWith("contract 'EchoContract' is declared by the contract libraries Echoes (at a/Echo.contract(1,10)) and MoreEchoes, both referenced by this app; the two differ", d.Message);
    }

    [Fact]
    public void DuplicatesWithinOneCompilationAreLeftToIt()
    {
        // HL0104 is the library's own build's to report; and a broken copy is still a copy.
        Assert.Empty(ContractLibraryCheck.Check([Source("Echoes", ("a/Echo.contract", Echo), ("a/Again.contract", Echo)), Source(null)]));
        Diagnostic d = Assert.Single(ContractLibraryCheck.Check([Source("Echoes", ("a/Echo.contract", Echo)), Source(null, ("app/Echo.contract", Echo.Replace("int n)", "strnig n)")))]));
        Assert.Contains("one of them does not compile", d.Message);
    }
}
