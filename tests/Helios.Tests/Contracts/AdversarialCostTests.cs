// The front end's cost is linear in its input and its report is bounded, whatever the input: the shapes that once
// took minutes and gigabytes (a 20,000-step path whose anonymous states were named after the whole path before them;
// a 35,000-contract extension cycle printed in every error) and their relatives. Memory is counted as the bytes the
// check allocates (deterministic, unlike a clock on a shared machine); docs/contracts.md has the timings.
using System.Text;
using Helios.Contracts;
using Helios.Contracts.Diagnostics;
using Xunit;

namespace Helios.Tests.Contracts;

public class AdversarialCostTests
{
    /// <summary>What a diagnostic may print at most: a message quotes names cut to 48 characters.</summary>
    private const int MaxMessage = 600;

    private static ContractCompilation Check(string text, long maxAllocatedMiB)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        ContractCompilation compilation = ContractCompiler.Compile("adversarial.contract", text);
        long allocated = (GC.GetAllocatedBytesForCurrentThread() - before) >> 20;
        Assert.True(allocated <= maxAllocatedMiB, $"{allocated} MiB allocated for {text.Length} characters");
        Assert.True(compilation.Diagnostics.Count <= DiagnosticBag.MaxPerFile + 1);
        foreach (Diagnostic d in compilation.Diagnostics) Assert.True(d.Message.Length <= MaxMessage, $"{d.Message.Length} characters: {d.Message[..Math.Min(200, d.Message.Length)]}");
        return compilation;
    }

    [Fact]
    public void ALongPathNamesItsStatesInBoundedText()
    {
        var text = new StringBuilder("contract A { in message M(); out message R(); state Start: ");
        for (int i = 0; i < 20000; i++) text.Append(i % 2 == 0 ? "M? -> " : "R! -> ");
        text.Append("Start; }");
        ContractCompilation compilation = Check(text.ToString(), maxAllocatedMiB: 200);
        Assert.False(compilation.HasErrors);
        var states = compilation.Contracts[0].States;
        Assert.Equal(20000, states.Count);
        Assert.Equal("Start after M?", states[1].Name);
        Assert.Equal("Start after M? -> R!", states[2].Name);
        Assert.Equal("Start after M? -> ... -> M?", states[3].Name);
        Assert.All(states, s => Assert.True(s.Name.Length < 100, s.Name));
        // What the kernel takes in a contract declaration: printable ASCII, at most 1024 characters.
        Helios.Channels.ContractInfo info = Helios.Tests.Channels.ContractDeclarationTests.InfoOf(compilation.Contracts[0]);
        Assert.Null(Helios.Channels.ContractDeclaration.Validate(info));
    }

    [Fact]
    public void APathTooLongForATableIsRefusedCheaply()
    {
        string text = "contract A { in message M(); state Start: " + string.Concat(Enumerable.Repeat("M? -> ", 170000)) + "Start; }";
        Assert.True(text.Length < Helios.Contracts.Syntax.Parser.MaxSourceLength);
        ContractCompilation compilation = Check(text, maxAllocatedMiB: 500);
        Assert.Contains(compilation.Diagnostics, d => d.Id == "HL0212");
    }

    [Fact]
    public void AnExtensionCycleIsReportedInBoundedText()
    {
        var text = new StringBuilder();
        for (int i = 0; i < 35000; i++) text.Append($"contract C{i} : C{(i + 1) % 35000} {{ }}\n");
        ContractCompilation compilation = Check(text.ToString(), maxAllocatedMiB: 300);
        Diagnostic first = compilation.Diagnostics.First(d => d.Id == "HL0108");
        Assert.Equal("contract C0 extends itself: C0 : C1 : C2 : C3 : C4 : C5 : C6 : C7 : ... (35000 contracts in all) : C0", first.Message);
        Assert.Equal("HL0006", compilation.Diagnostics[^1].Id);
    }

    [Fact]
    public void AHugeNameIsQuotedCut()
    {
        string name = new string('N', 200_000);
        ContractCompilation compilation = Check($"contract {name} {{ in message {name}(); state S: {name}? -> {name}; }}", maxAllocatedMiB: 100);
        Assert.Contains(compilation.Diagnostics, d => d.Id == "HL0009" && d.Message.Contains("has 200000 characters"));
    }

    [Fact]
    public void AWideGroupNamesItsStatesInBoundedText()
    {
        var text = new StringBuilder("contract A { in message M(); out message R(); state S: M? -> (R!");
        for (int i = 0; i < 20000; i++) text.Append(" or R! -> R!");
        text.Append(") -> M? -> M? -> S; }");
        ContractCompilation compilation = Check(text.ToString(), maxAllocatedMiB: 300);
        Assert.All(compilation.Contracts[0].States, s => Assert.True(s.Name.Length < 200, s.Name));
    }

    [Theory]
    [InlineData("unknown states", " state S{0}: M? -> start;")]
    [InlineData("unknown messages", " state S{0}: X{0}? -> S{0};")]
    [InlineData("unknown types", " in message P{0}(Strnig{0} s);")]
    [InlineData("duplicate states", " state S: M? -> S;")]
    [InlineData("ambiguous choices", " state T{0}: one {{ M? -> T{0}; M? -> T{0}; }}")]
    public void AFileFullOfMistakesCostsLittle(string what, string unit)
    {
        var text = new StringBuilder("contract A { in message M(); state Start: M? -> Start;");
        for (int i = 0; text.Length < 1_000_000; i++) text.Append(string.Format(unit, i));
        text.Append(" }");
        ContractCompilation compilation = Check(text.ToString(), maxAllocatedMiB: 400);
        Assert.True(compilation.HasErrors, what);
    }

    [Fact]
    public void ManyMessagesAndStatesCostLittle()
    {
        var text = new StringBuilder("contract A {");
        for (int i = 0; text.Length < 500_000; i++) text.Append($" in message M{i}(int x);");
        text.Append(" state S: one {");
        for (int i = 0; text.Length < 1_000_000; i++) text.Append($" M{i}? -> S;");
        text.Append(" } }");
        Check(text.ToString(), maxAllocatedMiB: 400);
    }
}
