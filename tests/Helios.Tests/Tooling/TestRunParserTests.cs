// From the test runner's console lines to per-test results.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Helios.Tooling.Testing;
using Xunit;

namespace Helios.Tests.Tooling;

public class TestRunParserTests
{
    private static TestRunReport Parse(int status, params string[] console)
        => TestRunParser.Parse(Isa.X86_64, QemuResult.Decode(status, console, TimeSpan.Zero, null, ""));

    [Fact]
    public void PassesFailuresAndDeferredTests()
    {
        TestRunReport report = Parse(3,
            "HTEST plan 3", "HTEST run A.One", "HTEST pass A.One 1234", "HTEST run A.Two", "HTEST fail A.Two x.cs:3: expected 1, got 2\\nmore",
            "HTEST deferred A.Three System.OverflowException", "HTEST done 1 1 1", "HELIOS-EXIT 1");
        Assert.Null(report.Problem);
        Assert.Equal(["A.One", "A.Two", "A.Three"], report.Results.Select(r => r.Name));
        Assert.Equal(1234UL, report.Results[0].Ticks);
        Assert.Equal("x.cs:3: expected 1, got 2\nmore", report.Results[1].Message);
        Assert.Equal(InKernelTestStatus.Deferred, report.Results[2].Status);
        Assert.Equal("System.OverflowException", report.Results[2].ExpectedPanic);
    }

    [Fact]
    public void ATestThatTakesTheKernelDownCrashed()
    {
        TestRunReport report = Parse(5, "HTEST plan 2", "HTEST run A.One", "HELIOS-PANIC boom", "HELIOS-EXIT 2");
        InKernelTestResult result = Assert.Single(report.Results);
        Assert.Equal(InKernelTestStatus.Crashed, result.Status);
        Assert.Contains("boom", result.Message);
        Assert.NotNull(report.Problem);
    }

    [Fact]
    public void AnExpectedPanicPasses()
    {
        TestRunReport report = Parse(5, "HTEST plan 1", "HTEST expect A.P System.DivideByZeroException", "HTEST run A.P",
            "HELIOS-PANIC unhandled exception: System.DivideByZeroException: Attempted to divide by zero.", "HELIOS-EXIT 2");
        Assert.True(Assert.Single(report.Results).Passed);
        Assert.Null(report.Problem);
    }

    [Fact]
    public void TheWrongPanicFails()
    {
        TestRunReport report = Parse(5, "HTEST plan 1", "HTEST expect A.P System.DivideByZeroException", "HTEST run A.P",
            "HELIOS-PANIC unhandled exception: System.OverflowException", "HELIOS-EXIT 2");
        Assert.Equal(InKernelTestStatus.Failed, Assert.Single(report.Results).Status);
    }

    [Fact]
    public void AShortReportIsAProblem()
        => Assert.Contains("planned 2", Parse(1, "HTEST plan 2", "HTEST run A", "HTEST pass A 1", "HTEST done 1 0 0", "HELIOS-EXIT 0").Problem);

    [Theory]
    [InlineData("expected \"a\\nb\" (a literal backslash-n), got \"c\"")]
    [InlineData("C:\\new\\table")]
    [InlineData("two\nlines\r\n and a trailing backslash \\")]
    [InlineData("")]
    public void AFailureMessageSurvivesTheOneLineEncoding(string message)
    {
        string line = Helios.Testing.TestProtocol.OneLine(message);
        Assert.DoesNotContain('\n', line);
        TestRunReport report = Parse(3, "HTEST plan 1", "HTEST run A.One", "HTEST fail A.One " + line, "HTEST done 0 1 0", "HELIOS-EXIT 1");
        Assert.Equal(message.Replace("\r", ""), Assert.Single(report.Results).Message);
    }
}
