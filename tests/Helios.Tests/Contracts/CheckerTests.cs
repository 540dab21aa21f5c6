// Checks that need more than one file or generated input: names across files, protocol size limits, and the
// absence of cascades (one mistake, one diagnostic).
using Helios.Contracts;
using Helios.Contracts.Text;
using Xunit;

namespace Helios.Tests.Contracts;

public class CheckerTests
{
    [Fact]
    public void FilesCompiledTogetherShareOneNameSpace()
    {
        var a = new SourceFile("a.contract", "contract Service { in message Hello(imp<Client> back); state Start: Hello? -> Start; }");
        var b = new SourceFile("b.contract", "contract Client : Base { in message Bye(); override state Start: Bye? -> Start; }\ncontract Base { in message Hi(); state Start: Hi? -> Start; }");
        ContractCompilation compilation = ContractCompiler.Compile(new[] { a, b });
        Assert.False(compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
        Assert.Equal(new[] { "Service", "Client", "Base" }, compilation.Contracts.Select(c => c.Name).ToArray());
        Assert.Equal("Base", compilation.FindContract("Client")!.Base!.Name);
    }

    [Fact]
    public void ADuplicateInAnotherFileNamesTheFirstDeclaration()
    {
        var a = new SourceFile("first.contract", "contract Twice { in message P(); state S: P? -> S; }");
        var b = new SourceFile("second.contract", "\n\ncontract Twice { in message Q(); state S: Q? -> S; }");
        ContractCompilation compilation = ContractCompiler.Compile(new[] { a, b });
        var d = Assert.Single(compilation.Diagnostics);
        Assert.Equal("second.contract:3:10: HL0104: 'Twice' is already declared at first.contract:1:10", d.ToString());
    }

    [Fact]
    public void ATableOverTheLimitIsRefused()
    {
        // 257 messages, each a step of its own: 258 states x 257 messages > 65536 entries.
        var text = new System.Text.StringBuilder("contract Big {\n");
        for (int i = 0; i < 257; i++) text.Append($"  in message M{i}();\n");
        text.Append("  state Start: ");
        for (int i = 0; i < 257; i++) text.Append($"M{i}? -> ");
        text.Append("Start;\n}\n");
        ContractCompilation compilation = ContractFiles.Compile(text.ToString());
        Assert.Equal("HL0212", Assert.Single(compilation.Diagnostics).Id);
    }

    [Fact]
    public void ExtensionChainsAreBounded()
    {
        var text = new System.Text.StringBuilder("contract C0 { in message P(); state S: P? -> S; }\n");
        for (int i = 1; i <= 40; i++) text.Append($"contract C{i} : C{i - 1} {{ }}\n");
        ContractCompilation compilation = ContractFiles.Compile(text.ToString());
        Assert.Equal(new[] { "HL0004 at 34:16" }, ContractFiles.Summaries(compilation).ToArray());
    }

    [Fact]
    public void AnUnknownBaseIsOneDiagnosticNotMany()
    {
        ContractCompilation compilation = ContractFiles.Compile("contract D : Nope { in message P(); override state S: P? -> S; state T: P? -> T; }");
        // Without its base the protocol cannot be checked: reporting the override too would repeat the same mistake.
        Assert.Equal(new[] { "HL0107 at 1:14" }, ContractFiles.Summaries(compilation).ToArray());
    }

    [Fact]
    public void SuggestionsNameTheLikelyIntent()
    {
        ContractCompilation compilation = ContractFiles.Compile("contract A { in message Ping(); state Start: ping? -> start; }");
        Assert.Equal(2, compilation.Diagnostics.Count);
        Assert.Contains(compilation.Diagnostics, d => d.Id == "HL0205" && d.Message.EndsWith("did you mean 'Ping'?"));
        Assert.Contains(compilation.Diagnostics, d => d.Id == "HL0203" && d.Message.EndsWith("did you mean 'Start'?"));
    }
}
