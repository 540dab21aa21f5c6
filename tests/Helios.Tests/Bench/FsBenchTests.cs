// helios bench fs --vs-linux end to end, small: a fresh image, the benchmark machine under -icount, the postmark app
// with a small pool and a 1 MiB read, and its two RESULT lines printed back by the command; then Linux's fs suite (the
// C port on vfat, same settings, same kind of disk) and the table with both; the command exits 0.
using Helios.Tests.Cli;
using Helios.Tooling.Bench;
using Xunit;

namespace Helios.Tests.Bench;

public class FsBenchTests
{
    [Fact]
    public void BenchFsPrintsPostMarkAndTheSequentialReadBesideLinuxs()
    {
        (int code, string output) = HeliosCommandTests.Run("bench", "fs", "-c", TestData.Configuration, "--arch", "x86_64", "--no-build",
            "--timeout", "900", "--postmark-args", "files=10 transactions=20 seq-mib=1", "--vs-linux");
        Assert.True(code == 0, output);
        BenchParseResult parsed = BenchResultParser.ParseConsole(output.Split('\n'));
        Assert.True(parsed.Ok, output);
        // Helios's two lines, then Linux's two for the same work (its created/read/appended/deleted counts are the same).
        Assert.Equal(["postmark", "seq_read_1m", "postmark", "seq_read_1m"], parsed.Results.Select(r => r.Name));
        Assert.Equal(parsed.Results[0].Extra.Split(' ').Where(f => f.StartsWith("created=") || f.StartsWith("read=") || f.StartsWith("deleted=")),
            parsed.Results[2].Extra.Split(' ').Where(f => f.StartsWith("created=") || f.StartsWith("read=") || f.StartsWith("deleted=")));
        Assert.True(parsed.Results[2].Median > 0 && parsed.Results[3].Median > 0, output);
        Assert.Contains("# linux x86_64: linux-image-", output);
        Assert.Contains("Helios vs Linux", output);
        Assert.All(parsed.Results, r => Assert.Equal(11, r.Iterations));
        Assert.True(parsed.Results[0].Median > 0, output);
        Assert.Contains("# helios x86_64: helios-kernel.elf + 64 MiB FAT32 disk", output);
    }
}
