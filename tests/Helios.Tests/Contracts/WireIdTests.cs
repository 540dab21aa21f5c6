// Wire identity: contract ids and message tags are FNV-1a hashes of names, the same on every host, pinned here so
// that a change to the hash (which would make old and new kernels disagree) fails loudly.
using Helios.Contracts;
using Helios.Contracts.Semantics;
using Helios.Contracts.Wire;
using Xunit;

namespace Helios.Tests.Contracts;

public class WireIdTests
{
    [Theory]
    [InlineData("", 0xCBF29CE484222325UL)]
    [InlineData("a", 0xAF63DC4C8601EC8CUL)]
    [InlineData("foobar", 0x85944171F73967E8UL)]
    public void Fnv1a64MatchesThePublishedVectors(string text, ulong expected) => Assert.Equal(expected, WireHash.Fnv1a64(text));

    [Theory]
    [InlineData("", 0x811C9DC5U)]
    [InlineData("a", 0xE40C292CU)]
    [InlineData("foobar", 0xBF9CF968U)]
    public void Fnv1a32MatchesThePublishedVectors(string text, uint expected) => Assert.Equal(expected, WireHash.Fnv1a32(text));

    [Fact]
    public void TheSystemContractsKeepTheirIds()
    {
        var ids = ContractFiles.CompileSystem().Contracts.ToDictionary(c => c.Name, c => c.Id);
        Assert.Equal(0xDD4358A5FBC26CCDUL, ids["FileContract"]);
        Assert.Equal(0x01CCBBEED4AD661AUL, ids["TcpConnectionContract"]);
        Assert.Equal(0xAAA4C9FD98F8A762UL, ids["TcpContract"]);
        foreach ((string name, ulong id) in ids) Assert.Equal(WireHash.Fnv1a64(name), id);
    }

    [Fact]
    public void TheFileContractKeepsItsTags()
    {
        ContractModel file = ContractFiles.CompileSystem().FindContract("FileContract")!;
        Assert.Equal(new ushort[] { 0x4362, 0xFEFF, 0xCBDE, 0xA0EE, 0x2374, 0x6145 }, file.Messages.Select(m => m.Tag).ToArray());
        foreach (MessageModel m in file.Messages)
        {
            uint h = WireHash.Fnv1a32(m.Name);
            Assert.Equal((ushort)((h >> 16) ^ (h & 0xFFFF)), m.Tag);
        }
    }

    [Fact]
    public void AddingOrReorderingMessagesChangesNoOtherTag()
    {
        const string before = "contract C { in message A(); out message B(); state S: A? -> B! -> S; }";
        const string after = "contract C { in message New(); out message B(); in message A(int extra); state S: one { A? -> B! -> S; New? -> S; } }";
        ContractModel x = Compile(before), y = Compile(after);
        Assert.Equal(x.FindMessage("A")!.Tag, y.FindMessage("A")!.Tag);
        Assert.Equal(x.FindMessage("B")!.Tag, y.FindMessage("B")!.Tag);
        Assert.Equal(x.Id, y.Id);
        // The fingerprint is what notices that the two are not the same contract.
        Assert.NotEqual(x.Fingerprint, y.Fingerprint);
    }

    [Fact]
    public void ExtensionKeepsTheBaseIdentitiesIndicesAndTags()
    {
        string path = Path.Combine(ContractFiles.Corpus, "valid", "extension.contract");
        ContractCompilation compilation = ContractCompiler.Compile(path, File.ReadAllText(path));
        ContractModel baseContract = compilation.FindContract("ServiceBase")!;
        ContractModel derived = compilation.FindContract("AuditedKeyValueService")!;
        foreach (MessageModel m in baseContract.Messages)
        {
            MessageModel inherited = derived.FindMessage(m.Name)!;
            Assert.Equal((m.Index, m.Tag, m.DeclaringContractId), (inherited.Index, inherited.Tag, inherited.DeclaringContractId));
            Assert.Equal(baseContract.Id, inherited.DeclaringContractId);
        }
        foreach (StateModel s in baseContract.States) Assert.Equal(s.Name, derived.States[s.Index].Name);
        Assert.Equal(derived.Id, derived.FindMessage("Audit")!.DeclaringContractId);
        Assert.NotEqual(baseContract.Id, derived.Id);
    }

    [Fact]
    public void FingerprintsIgnoreNamesThatNeverReachTheWire()
    {
        ContractModel x = Compile("contract C { in message A(int count); state Start: A? -> Start; }");
        ContractModel y = Compile("// renamed\ncontract C { in message A(int total); state Begin: A? -> Begin; }");
        ContractModel z = Compile("contract C { in message A(long count); state Start: A? -> Start; }");
        Assert.Equal(x.Fingerprint, y.Fingerprint);
        Assert.NotEqual(x.Fingerprint, z.Fingerprint);
    }

    private static ContractModel Compile(string text)
    {
        ContractCompilation compilation = ContractFiles.Compile(text);
        Assert.False(compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
        return compilation.Contracts[0];
    }
}
