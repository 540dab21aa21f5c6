// Every limit of the front end, at the limit and one past it: the largest accepted value is the one the docs and the
// message state (docs/contracts.md, "Limits"), so no message contradicts what the front end does.
using System.Text;
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Xunit;

namespace Helios.Tests.Contracts;

public class LimitTests
{
    private static ContractCompilation Compile(string text) => ContractCompiler.Compile("limit.contract", text);

    private static void AssertAccepted(string text)
    {
        ContractCompilation compilation = Compile(text);
        Assert.True(!compilation.HasErrors, string.Join("\n", compilation.Diagnostics.Take(3)));
    }

    private static Diagnostic AssertRefused(string text, string id, params string[] fragments)
    {
        ContractCompilation compilation = Compile(text);
        Diagnostic diagnostic = Assert.Single(compilation.Diagnostics, d => d.Id == id);
        foreach (string fragment in fragments) Assert.Contains(fragment, diagnostic.Message);
        return diagnostic;
    }

    // A contract whose protocol is one path of 'steps' actions back to Start: 'steps' states in all.
    private static string Path(int steps, params string[] messages)
    {
        var text = new StringBuilder("contract A {");
        foreach (string m in messages) text.Append($" in message {m}();");
        text.Append(" state Start: ");
        for (int i = 0; i < steps; i++) text.Append(messages[i % messages.Length]).Append("? -> ");
        return text.Append("Start; }").ToString();
    }

    [Fact]
    public void StatesUpTo65534()
    {
        AssertAccepted(Path(65534, "M"));
        AssertRefused(Path(65535, "M"), "HL0212", "has 65535 states", "at most 65534");
    }

    [Fact]
    public void TableEntriesUpTo65536()
    {
        AssertAccepted(Path(32768, "M", "N"));
        AssertRefused(Path(32769, "M", "N"), "HL0212", "65538 table entries", "at most 65536");
    }

    [Fact]
    public void NamesUpTo128Characters()
    {
        string name = "N" + new string('a', 127);
        AssertAccepted($"contract {name} {{ in message {name}(int {name}); state {name}: {name}? -> {name}; }}");
        Diagnostic d = AssertRefused($"contract {name}b {{ in message M(); state S: M? -> S; }}", "HL0009", "has 129 characters", "at most 128");
        Assert.True(d.Message.Length < 200, d.Message);
    }

    [Fact]
    public void ChoicesNest32Deep()
    {
        static string Nested(int depth) => "contract A { in message M(); state S: " + string.Concat(Enumerable.Repeat("one { M? -> ", depth))
            + "S;" + string.Concat(Enumerable.Repeat(" }", depth)) + " }";
        AssertAccepted(Nested(32));
        AssertRefused(Nested(33), "HL0004", "more than 32");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void StructsNest32DeepInEitherOrder(bool innermostFirst)
    {
        static string Chain(int levels, bool innermostFirst)
        {
            // S0 contains S1 contains ... S{levels}: 'levels' levels of containment.
            var structs = Enumerable.Range(0, levels + 1)
                .Select(i => i == levels ? $"struct S{i} {{ int v; }}" : $"struct S{i} {{ S{i + 1} inner; }}").ToList();
            if (innermostFirst) structs.Reverse();
            return string.Join("\n", structs) + "\ncontract A { in message M(S0 s); state S: M? -> S; }";
        }
        AssertAccepted(Chain(32, innermostFirst));
        AssertRefused(Chain(33, innermostFirst), "HL0004", "more than 32");
    }

    [Fact]
    public void ContractsExtend32Deep()
    {
        static string Chain(int levels) => "contract C0 { in message M(); state S: M? -> S; }\n"
            + string.Concat(Enumerable.Range(1, levels).Select(i => $"contract C{i} : C{i - 1} {{ }}\n"));
        AssertAccepted(Chain(32));
        AssertRefused(Chain(33), "HL0004", "more than 32");
    }

    [Fact]
    public void MessagesUpTo255Handles()
    {
        static string Handles(int n) => "contract A { in message M(" + string.Join(", ", Enumerable.Range(0, n).Select(i => $"byte[] in ExHeap a{i}"))
            + "); state S: M? -> S; }";
        AssertAccepted(Handles(255));
        AssertRefused(Handles(256), "HL0111", "carries 256", "at most 255");
    }

    [Fact]
    public void MessagesUpTo65528Bytes()
    {
        // A 16-byte header and 'longs' 8-byte values.
        static string Longs(int longs) => "struct K { " + string.Concat(Enumerable.Range(0, longs).Select(i => $"long a{i}; ")) + "}\n"
            + "contract A { in message M(K k); state S: M? -> S; }";
        AssertAccepted(Longs(8189));
        AssertRefused(Longs(8190), "HL0111", "is 65536 bytes", "at most 65528");
    }

    [Fact]
    public void StructsUpTo65535Bytes()
    {
        static string Bytes(int n) => "struct K { " + string.Concat(Enumerable.Range(0, n).Select(i => $"byte a{i}; ")) + "}\n"
            + "contract A { in message M(byte[] in ExHeap k); state S: M? -> S; }";
        AssertAccepted(Bytes(65535));
        AssertRefused(Bytes(65536), "HL0111", "is 65536 bytes", "at most 65535");
    }

    [Fact]
    public void FilesUpTo1MiCharacters()
    {
        string contract = "contract A { in message M(); state S: M? -> S; }";
        AssertAccepted(contract + new string(' ', Parser.MaxSourceLength - contract.Length));
        AssertRefused(contract + new string(' ', Parser.MaxSourceLength - contract.Length + 1), "HL0005", "1048577 characters", "at most 1048576");
    }

    [Fact]
    public void AHundredDiagnosticsThenOne()
    {
        ContractCompilation compilation = Compile(string.Concat(Enumerable.Repeat("contract ; ", 150)));
        Assert.Equal(DiagnosticBag.MaxPerFile + 1, compilation.Diagnostics.Count);
        Assert.Equal(DiagnosticBag.MaxPerFile, compilation.Diagnostics.Count(d => d.Id == "HL0003"));
        Assert.Contains("more than 100 errors", compilation.Diagnostics[^1].Message);
    }
}
