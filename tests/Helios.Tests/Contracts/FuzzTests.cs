// The front end never crashes or hangs: random bytes, every truncation of real contracts, random mutations of
// them, and adversarial shapes (deep nesting, long names, many declarations). Every run must finish quickly,
// give the same answer twice, and put every diagnostic inside the file.
using System.Diagnostics;
using System.Text;
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Helios.Contracts.Syntax;
using Xunit;

namespace Helios.Tests.Contracts;

public class FuzzTests
{
    private static readonly string[] Seeds = ContractFiles.Valid.Concat(ContractFiles.System).Concat(ContractFiles.Invalid).Select(File.ReadAllText).ToArray();

    private static readonly string[] Fragments =
    {
        "contract", "struct", "message", "in", "out", "state", "one", "or", "override", "public", "ExHeap", "imp<", "exp<", "{", "}",
        "(", ")", "[", "]", "<", ">", ";", ":", ",", "?", "!", "->", "/*", "*/", "//", "\n", " ", "Start", "End", "int", "byte[]",
        "X?", "Y!", "\u2028", "\r", "\0", "\uD800", "é",
    };

    private static void Check(string text)
    {
        var watch = Stopwatch.StartNew();
        ContractCompilation first = ContractCompiler.Compile("fuzz.contract", text);
        // Catches a hang or work that grows faster than the input, not slowness: generous, since CI machines are
        // shared (testing.md); AdversarialCostTests bounds the memory exactly.
        Assert.True(watch.ElapsedMilliseconds < 60000, $"{watch.ElapsedMilliseconds} ms for {text.Length} characters");
        ContractCompilation second = ContractCompiler.Compile("fuzz.contract", text);
        Assert.Equal(first.Diagnostics.Select(d => d.ToString()), second.Diagnostics.Select(d => d.ToString()));
        foreach (Diagnostic d in first.Diagnostics)
        {
            Assert.InRange(d.Location.Span.Start, 0, text.Length);
            Assert.InRange(d.Location.Span.End, d.Location.Span.Start, text.Length);
            Assert.InRange(d.Location.Start.Line, 1, d.Location.File.LineCount);
            Assert.True(d.Location.Start.Column >= 1);
            Assert.False(string.IsNullOrWhiteSpace(d.Message));
        }
        Assert.True(first.Diagnostics.Count <= DiagnosticBag.MaxPerFile + 1);
        // A compilation without diagnostics has complete models.
        if (!first.HasErrors)
            foreach (var c in first.Contracts) Assert.Equal(c.States.Count * c.Messages.Count, c.Table.Next.Length);
    }

    [Fact]
    public void RandomBytes()
    {
        var random = new Random(6);
        for (int i = 0; i < 300; i++)
        {
            var bytes = new byte[random.Next(0, 4000)];
            random.NextBytes(bytes);
            Check(Encoding.UTF8.GetString(bytes));
            Check(Encoding.Latin1.GetString(bytes));
        }
    }

    [Fact]
    public void EveryTruncation()
    {
        foreach (string seed in Seeds.Take(20))
            for (int length = 0; length <= seed.Length; length++)
                Check(seed[..length]);
    }

    [Fact]
    public void RandomMutations()
    {
        foreach (string text in Mutations(66, 5000)) Check(text);
    }

    /// <summary>Random edits of the corpus (GeneratorFuzzTests compiles those that check accepts).</summary>
    internal static IEnumerable<string> Mutations(int seed, int count)
    {
        var random = new Random(seed);
        for (int i = 0; i < count; i++)
        {
            var text = new StringBuilder(Seeds[random.Next(Seeds.Length)]);
            int edits = random.Next(1, 6);
            for (int e = 0; e < edits; e++)
            {
                int at = random.Next(text.Length + 1);
                switch (random.Next(4))
                {
                    case 0: text.Insert(at, Fragments[random.Next(Fragments.Length)]); break;
                    case 1: if (at < text.Length) text.Remove(at, Math.Min(random.Next(1, 12), text.Length - at)); break;
                    case 2: if (at < text.Length) text[at] = (char)random.Next(0, 0x3000); break;
                    default:
                        // Swap in a slice of another seed.
                        string other = Seeds[random.Next(Seeds.Length)];
                        int from = random.Next(other.Length);
                        text.Insert(at, other.AsSpan(from, Math.Min(random.Next(1, 80), other.Length - from)));
                        break;
                }
            }
            yield return text.ToString();
        }
    }

    [Theory]
    [InlineData("(", 200000)]
    [InlineData("{", 200000)]
    [InlineData("one { ", 100000)]
    [InlineData("X? -> ", 100000)]
    [InlineData("-> ", 200000)]
    [InlineData("contract ", 100000)]
    [InlineData("/*", 100000)]
    [InlineData("struct S { S s; } ", 20000)]
    public void AdversarialRepetitions(string unit, int count)
    {
        Check("contract A { in message X(); state S: " + string.Concat(Enumerable.Repeat(unit, count)));
        Check(string.Concat(Enumerable.Repeat(unit, count)));
    }

    [Fact]
    public void ManyDeclarationsAndLongNames()
    {
        var text = new StringBuilder();
        string longName = new string('N', 100000);
        text.Append($"contract {longName} {{ in message {longName}(int {longName}); state {longName}: {longName}? -> {longName}; }}\n");
        for (int i = 0; i < 3000; i++)
            text.Append($"struct S{i} {{ S{i + 1} next; int v; }}\n");
        text.Append("struct S3000 { long last; }\n");
        for (int i = 0; i < 2000; i++)
            text.Append($"contract C{i} : C{(i + 1) % 2000} {{ in message M(S{i} s); state Start: M? -> Start; }}\n");
        Assert.True(text.Length < Parser.MaxSourceLength);
        Check(text.ToString());
    }

    [Fact]
    public void ManyExtensionsOfOneHugeContract()
    {
        var text = new StringBuilder("contract Huge {\n  in message P();\n");
        for (int i = 0; i < 30000; i++) text.Append($"  state S{i}: P? -> S{(i + 1) % 30000};\n");
        text.Append("}\n");
        for (int i = 0; i < 2000; i++) text.Append($"contract D{i} : Huge {{ }}\n");
        Assert.True(text.Length < Parser.MaxSourceLength);
        Check(text.ToString());
        ContractCompilation compilation = ContractCompiler.Compile("fuzz.contract", text.ToString());
        Assert.Contains(compilation.Diagnostics, d => d.Id == "HL0212");
    }

    [Fact]
    public void JustUnderTheSizeLimit()
    {
        string unit = "contract A { in message P(int x); state S: P? -> S; }\n";
        Check(string.Concat(Enumerable.Repeat(unit, Parser.MaxSourceLength / unit.Length)));
    }
}
