// RESULT lines: the shared format of Helios's and Linux's benchmark figures, good and malformed.
using Helios.Tooling.Bench;
using Xunit;

namespace Helios.Tests.Bench;

public class BenchResultParserTests
{
    [Fact]
    public void ReadsAWellFormedLine()
    {
        (BenchResult r, _, string error) = BenchResultParser.ParseLine("RESULT name=sched_yield unit=ticks median=873 min=870 iters=11");
        Assert.Null(error);
        Assert.Equal(new BenchResult("sched_yield", BenchUnit.Ticks, 873, 870, 11), r);
    }

    [Fact]
    public void PrintingAndParsingAgree()
    {
        var result = new BenchResult("pipe_pingpong_65536", BenchUnit.Insns, 131878, 131839, 15);
        Assert.Equal(result, BenchResultParser.ParseLine(result.ToString()).Result);
    }

    [Fact]
    public void KeysMayComeInAnyOrderAndExtraKeysAreKept()
    {
        (BenchResult r, _, string error) = BenchResultParser.ParseLine("RESULT iters=11 min=1 median=2 unit=insns name=getpid batch=10000");
        Assert.Null(error);
        Assert.Equal(new BenchResult("getpid", BenchUnit.Insns, 2, 1, 11, "batch=10000"), r);
    }

    // The remote SingBench's fields (docs/channels.md) survive the host's parse and print, after the kernel's.
    [Fact]
    public void ExtraFieldsAreKeptInTheirOrderAndPrintedBack()
    {
        const string line = "RESULT name=rmp_roundtrip_0 unit=ticks median=12272 min=11926 iters=11 kernel=1 copied=0 ipis=2.00";
        (BenchResult r, _, string error) = BenchResultParser.ParseLine(line);
        Assert.Null(error);
        Assert.Equal("rmp_roundtrip_0@k1", r.Name);
        Assert.Equal("copied=0 ipis=2.00", r.Extra);
        Assert.Equal(line, r.ToString());
    }

    [Theory]
    [InlineData("RESULT name=a unit=ticks median=2 min=1", 40, "missing iters=")]
    [InlineData("RESULT name=a unit=cycles median=2 min=1 iters=11", 20, "unit 'cycles' is none of ticks, insns, us, tx_per_s, mib_per_s")]
    [InlineData("RESULT name=a unit=ticks median=2.5 min=1 iters=11", 33, "median='2.5' is not a whole number")]
    [InlineData("RESULT name=a unit=ticks median=-2 min=1 iters=11", 33, "median='-2' is not a whole number")]
    [InlineData("RESULT name=a unit=ticks median=2 min=3 iters=11", 39, "min=3 is larger than median=2")]
    [InlineData("RESULT name=a unit=ticks median=2 min=1 iters=0", 47, "iters=0 is not a number of repetitions")]
    [InlineData("RESULT name=Yield unit=ticks median=2 min=1 iters=11", 13, "name 'Yield' must be lower-case")]
    [InlineData("RESULT name=a  unit=ticks median=2 min=1 iters=11", 15, "empty field")]
    [InlineData("RESULT name=a unit=ticks median=2 min=1 iters=11 ", 50, "empty field")]
    [InlineData("RESULT name=a unit=ticks median median=2 min=1 iters=11", 26, "'median' is not key=value")]
    [InlineData("RESULT name=a name=b unit=ticks median=2 min=1 iters=11", 15, "'name' given twice")]
    [InlineData("RESULT name=a unit=ticks median=99999999999999999999 min=1 iters=11", 33, "is not a whole number")]
    [InlineData("RESULT", 7, "missing name=")]
    public void AMalformedLineSaysWhereAndWhy(string line, int column, string message)
    {
        (BenchResult r, int at, string error) = BenchResultParser.ParseLine(line);
        Assert.Null(r);
        Assert.Contains(message, error);
        Assert.Equal(column, at);
    }

    [Fact]
    public void AConsoleYieldsItsResultsAndSkipsEverythingElse()
    {
        BenchParseResult parsed = BenchResultParser.ParseConsole(
        [
            "[    1.9] Run /init as init process",
            "BENCH-START linux 6.1.0-56-amd64",
            "RESULT name=sched_yield unit=ticks median=873 min=873 iters=11",
            "RESULTS are below",
            "# a comment",
            "RESULT name=getpid unit=ticks median=334 min=334 iters=11",
            "BENCH-END ok",
        ]);
        Assert.True(parsed.Ok);
        Assert.Equal(["sched_yield", "getpid"], parsed.Results.Select(r => r.Name));
    }

    [Fact]
    public void ConsoleErrorsNameTheirLine()
    {
        BenchParseResult parsed = BenchResultParser.ParseConsole(
        [
            "RESULT name=getpid unit=ticks median=334 min=334 iters=11",
            "boot noise",
            "RESULT name=getpid unit=ticks median=335 min=334 iters=11",
            "RESULT name=x unit=ticks median=1",
        ]);
        Assert.False(parsed.Ok);
        Assert.Single(parsed.Results);
        Assert.Equal(["run.txt:3:1: result 'getpid' reported twice (first on line 1)", "run.txt:4:34: missing min= (a result has name, unit, median, min and iters)"],
            parsed.Errors.Select(e => e.Format("run.txt")));
    }
}
