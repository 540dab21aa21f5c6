// The lexer and parser: tokens and spans, line and column as Roslyn counts them, the syntax tree of issue 6's
// file contract, and recovery.
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Helios.Contracts.Text;
using Xunit;

namespace Helios.Tests.Contracts;

public class SyntaxTests
{
    [Fact]
    public void TokensHaveKindsTextAndSpans()
    {
        var file = new SourceFile("t.contract", "in message A(byte[] in ExHeap b); // c\nstate S: A? -> S; /* d */");
        var bag = new DiagnosticBag();
        List<Token> tokens = Lexer.Tokenize(file, bag);
        Assert.Empty(bag.All);
        Assert.Equal(
            new[] { "InKeyword", "MessageKeyword", "Identifier", "LeftParen", "Identifier", "LeftBracket", "RightBracket", "InKeyword",
                    "Identifier", "Identifier", "RightParen", "Semicolon", "StateKeyword", "Identifier", "Colon", "Identifier", "Question",
                    "Arrow", "Identifier", "Semicolon", "EndOfFile" },
            tokens.Select(t => t.Kind.ToString()).ToArray());
        Token exHeap = tokens[8];
        Assert.Equal("ExHeap", exHeap.Text);
        Assert.Equal(23, exHeap.Span.Start);
        Assert.Equal(6, exHeap.Span.Length);
        Token arrow = tokens[17];
        Assert.Equal(new LinePosition(2, 13), file.GetPosition(arrow.Span.Start));
    }

    [Theory]
    [InlineData("\n")]
    [InlineData("\r\n")]
    [InlineData("\r")]
    [InlineData("\u2028")]
    [InlineData("\u0085")]
    public void LinesBreakWhereRoslynBreaksThem(string newline)
    {
        string text = string.Join(newline, "contract A {", "  in message Ping();", "  state Start: Ping? -> Strat;", "}");
        ContractCompilation compilation = ContractFiles.Compile(text);
        Diagnostic d = Assert.Single(compilation.Diagnostics);
        Assert.Equal("HL0203", d.Id);
        Assert.Equal(new LinePosition(3, 25), d.Location.Start);
        var roslyn = Microsoft.CodeAnalysis.Text.SourceText.From(text).Lines.GetLinePosition(d.Location.Span.Start);
        Assert.Equal((roslyn.Line + 1, roslyn.Character + 1), (d.Location.Start.Line, d.Location.Start.Column));
    }

    [Fact]
    public void TheFileContractParsesIntoItsParts()
    {
        string path = Path.Combine(ContractFiles.Corpus, "valid", "file-contract.contract");
        var bag = new DiagnosticBag();
        CompilationUnitSyntax unit = Parser.Parse(ContractFiles.Read(path), bag);
        Assert.Empty(bag.All);
        ContractSyntax contract = Assert.Single(unit.Contracts);
        Assert.Equal("FileContract", contract.Name.Text);
        Assert.Null(contract.BaseName);
        Assert.Equal(new[] { "Open", "OpenOk", "OpenFailed", "Read", "ReadDone", "Close" }, contract.Messages.Select(m => m.Name.Text).ToArray());
        Assert.Equal(MessageDirection.In, contract.Messages[0].Direction);
        Assert.Equal(MessageDirection.Out, contract.Messages[1].Direction);
        var path0 = Assert.IsType<ArrayTypeSyntax>(contract.Messages[0].Fields[0].Type);
        Assert.True(path0.InExHeap);
        Assert.Equal("char", ((NamedTypeSyntax)path0.Element).Name.Text);
        Assert.Equal(new[] { "Start", "Opening", "Ready", "End" }, contract.States.Select(s => s.Name.Text).ToArray());
        var start = Assert.IsType<PathSyntax>(contract.States[0].Body);
        var open = Assert.IsType<ActionSyntax>(Assert.Single(start.Steps));
        Assert.False(open.ExporterSends);
        Assert.Equal("Opening", Assert.IsType<StateReferenceSyntax>(start.Tail).Name.Text);
        var ready = Assert.IsType<ChoiceSyntax>(contract.States[2].Body);
        Assert.Equal(2, ready.Branches.Count);
        Assert.Null(contract.States[3].Body);
    }

    [Fact]
    public void SpansPointAtTheSourceText()
    {
        string text = "contract Spans {\n    in message Hello(int x);\n    state Start: Hello? -> Start;\n}\n";
        var file = new SourceFile("t.contract", text);
        CompilationUnitSyntax unit = Parser.Parse(file, new DiagnosticBag());
        ContractSyntax contract = unit.Contracts[0];
        Assert.Equal("Spans", text.Substring(contract.Name.Span.Start, contract.Name.Span.Length));
        Assert.Equal("in message Hello(int x);", text.Substring(contract.Messages[0].Span.Start, contract.Messages[0].Span.Length));
        Assert.Equal("state Start: Hello? -> Start;", text.Substring(contract.States[0].Span.Start, contract.States[0].Span.Length));
        Assert.StartsWith("contract Spans {", text.Substring(contract.Span.Start, contract.Span.Length));
        Assert.EndsWith("}", text.Substring(contract.Span.Start, contract.Span.Length));
    }

    [Fact]
    public void SyntaxErrorsInOneContractDoNotHideTheNextContractsErrors()
    {
        string text = "contract A {\n  in message X(int);\n  state S: X? -> S;\n}\ncontract B {\n  in message Y();\n  state S: Y? -> Nowhere;\n}\n";
        ContractCompilation compilation = ContractFiles.Compile(text);
        Assert.Equal(new[] { "HL0003 at 2:19", "HL0203 at 7:18" }, ContractFiles.Summaries(compilation).ToArray());
        Assert.Single(compilation.Contracts);
    }

    [Fact]
    public void BadCharactersAreReportedOncePerRun()
    {
        ContractCompilation compilation = ContractFiles.Compile("contract A { @@@@ in message P(); state S: P? -> S; }");
        Diagnostic d = Assert.Single(compilation.Diagnostics);
        Assert.Equal("HL0001", d.Id);
        Assert.Equal("unexpected character '@' (and 3 more characters)", d.Message);
    }

    [Fact]
    public void AFileOverTheLimitIsRefusedUnread()
    {
        string huge = "contract A { in message P(); state S: P? -> S; }\n" + new string(' ', Parser.MaxSourceLength);
        ContractCompilation compilation = ContractFiles.Compile(huge);
        Diagnostic d = Assert.Single(compilation.Diagnostics);
        Assert.Equal("HL0005", d.Id);
        Assert.Equal(new LinePosition(1, 1), d.Location.Start);
        Assert.Empty(compilation.Contracts);
    }

    [Fact]
    public void AFloodOfErrorsStopsAtTheCap()
    {
        string text = string.Concat(Enumerable.Repeat("contract ; ", 500));
        ContractCompilation compilation = ContractFiles.Compile(text);
        Assert.Equal(DiagnosticBag.MaxPerFile + 1, compilation.Diagnostics.Count);
        Assert.Equal("HL0006", compilation.Diagnostics[^1].Id);
        Assert.All(compilation.Diagnostics.Take(DiagnosticBag.MaxPerFile), d => Assert.Equal("HL0003", d.Id));
    }

    [Fact]
    public void ChoicesNestUpToTheLimit()
    {
        string Nested(int depth) =>
            "contract D { in message P(); state S: " + string.Concat(Enumerable.Repeat("P? -> one { ", depth)) + "P? -> S; "
            + string.Concat(Enumerable.Repeat("} ", depth)) + "}";
        Assert.False(ContractFiles.Compile(Nested(Parser.MaxNesting)).HasErrors);
        Assert.Equal("HL0004", Assert.Single(ContractFiles.Compile(Nested(Parser.MaxNesting + 1)).Diagnostics).Id);
    }

    [Fact]
    public void SingSharpSpellingsAreAccepted()
    {
        // 'public', a ';' after '}', groups of alternatives, and no direction (either side may send).
        string text = "public contract C1 {\n in message Request(int x);\n out message Reply(int y);\n out message Error();\n"
                      + " message Either();\n state Start: Request? -> (Reply! or Error!) -> Other;\n state Other: Either? -> Start;\n};\n";
        ContractCompilation compilation = ContractFiles.Compile(text);
        Assert.False(compilation.HasErrors, string.Join("\n", compilation.Diagnostics));
    }
}
