// helios bench: argument errors are explained, and `bench compare` renders the side-by-side table from saved runs.
using Helios.Tests.Cli;
using Xunit;

namespace Helios.Tests.Bench;

public sealed class BenchCommandTests : IDisposable
{
    private readonly string directory = Directory.CreateTempSubdirectory("helios-bench-cli-").FullName;

    public void Dispose() => Directory.Delete(directory, recursive: true);

    private string Write(string name, params string[] lines)
    {
        string path = Path.Combine(directory, name);
        File.WriteAllLines(path, lines);
        return path;
    }

    [Theory]
    [InlineData("is not an ISA Helios knows", "bench", "linux", "--arch", "sparc")]
    [InlineData("--arch", "bench", "linux")]
    [InlineData("the methodology needs 11 to 100000", "bench", "linux", "--arch", "x86_64", "--reps", "5")]
    [InlineData("'--' is the harness's", "bench", "linux", "--arch", "x86_64", "--kernel-args", "quiet -- --reps 3")]
    [InlineData("must be a positive number", "bench", "linux", "--arch", "arm64", "--timeout", "0")]
    [InlineData("Required command was not provided", "bench")]
    [InlineData("--postmark-args: 'size' is not a postmark setting", "bench", "fs", "--arch", "x86_64", "--postmark-args", "files=10 size=3")]
    [InlineData("--postmark-args: reps comes from --reps", "bench", "fs", "--arch", "x86_64", "--postmark-args", "reps=1")]
    [InlineData("--postmark-args: 'files' is not name=number", "bench", "fs", "--arch", "arm64", "--postmark-args", "files")]
    [InlineData("--postmark-args: 'size' is not a postmark setting", "bench", "linux", "--arch", "x86_64", "--postmark-args", "size=3")]
    [InlineData("Argument 'disk' not recognized", "bench", "linux", "--arch", "x86_64", "--suite", "disk")]
    public void BadArgumentsAreExplained(string expected, params string[] args)
    {
        (int code, string output) = HeliosCommandTests.Run(args);
        Assert.NotEqual(0, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
    }

    [Fact]
    public void CompareShowsHeliosBesideLinuxWithRatios()
    {
        string helios = Write("helios.txt", "RESULT name=thread_yield unit=ticks median=200 min=190 iters=11",
            "RESULT name=timer_irq unit=ticks median=700 min=690 iters=11");
        string linux = Write("linux.txt", "# linux x86_64: linux-image-6.1.0-56-amd64 6.1.192-2 (Debian, from linux-image-amd64)",
            "RESULT name=sched_yield unit=ticks median=800 min=760 iters=11");
        (int code, string output) = HeliosCommandTests.Run("bench", "compare", "--arch", "x86_64", "--helios", helios, "--linux", linux);
        Assert.True(code == 0, output);
        Assert.Contains("Helios vs Linux", output);
        Assert.Matches(@"thread_yield\s*│\s*200 \[190\] ticks\s*│\s*sched_yield\s*│\s*800 \[760\] ticks\s*│\s*0\.250× \[0\.250×\]\s*│\s*≤ 0\.250× met", output);
        Assert.Matches(@"timer_irq\s*│\s*700 \[690\] ticks\s*│\s*\(no counterpart\)", output);
        Assert.Contains("linux-image-6.1.0-56-amd64 6.1.192-2", output);
    }

    [Fact]
    public void CompareNamesTheFileLineAndColumnOfABadResult()
    {
        string helios = Write("helios.txt", "boot banner", "RESULT name=thread_yield unit=ticks median=2O0 min=190 iters=11");
        string linux = Write("linux.txt", "RESULT name=sched_yield unit=ticks median=800 min=760 iters=11");
        (int code, string output) = HeliosCommandTests.Run("bench", "compare", "--arch", "x86_64", "--helios", helios, "--linux", linux);
        Assert.Equal(1, code);
        Assert.Contains($"{helios}:2:44: median='2O0' is not a whole number", output.Replace("\n", ""));
    }

    [Fact]
    public void CompareRefusesAMissingFile()
    {
        string linux = Write("linux.txt", "RESULT name=sched_yield unit=ticks median=800 min=760 iters=11");
        (int code, string output) = HeliosCommandTests.Run("bench", "compare", "--arch", "arm64", "--helios", Path.Combine(directory, "nope.txt"), "--linux", linux);
        Assert.Equal(1, code);
        Assert.Contains("nope.txt: no such file", output);
    }
}
