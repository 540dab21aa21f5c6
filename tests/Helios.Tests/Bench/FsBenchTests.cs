// helios bench fs end to end, small: a fresh image, the benchmark machine under -icount, the postmark app with a
// small pool and a 1 MiB read, and its two RESULT lines printed back by the command, which exits 0.
using Helios.Tests.Cli;
using Helios.Tooling.Bench;
using Xunit;

namespace Helios.Tests.Bench;

public class FsBenchTests
{
    [Fact]
    public void BenchFsPrintsPostMarkAndTheSequentialRead()
    {
        (int code, string output) = HeliosCommandTests.Run("bench", "fs", "-c", TestData.Configuration, "--arch", "x86_64", "--no-build",
            "--timeout", "900", "--postmark-args", "files=10 transactions=20 seq-mib=1");
        Assert.True(code == 0, output);
        BenchParseResult parsed = BenchResultParser.ParseConsole(output.Split('\n'));
        Assert.True(parsed.Ok, output);
        Assert.Equal(["postmark", "seq_read_1m"], parsed.Results.Select(r => r.Name));
        Assert.All(parsed.Results, r => Assert.Equal(11, r.Iterations));
        Assert.True(parsed.Results[0].Median > 0, output);
        Assert.Contains("# helios x86_64: helios-kernel.elf + 64 MiB FAT32 disk", output);
    }
}
