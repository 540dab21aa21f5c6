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
        // Helios's two lines, then under Linux's heading its two for the same work (the same counts of each step).
        string[] lines = output.Split('\n');
        int linuxHeading = Array.FindIndex(lines, l => l.StartsWith("# linux x86_64: linux-image-", StringComparison.Ordinal));
        Assert.True(linuxHeading > 0, output);
        BenchParseResult helios = BenchResultParser.ParseConsole(lines[..linuxHeading]);
        BenchParseResult linux = BenchResultParser.ParseConsole(lines[linuxHeading..]);
        Assert.True(helios.Ok && linux.Ok, output);
        foreach (BenchParseResult side in new[] { helios, linux })
        {
            Assert.Equal(["postmark", "seq_read_1m"], side.Results.Select(r => r.Name));
            Assert.All(side.Results, r => Assert.Equal(11, r.Iterations));
            Assert.All(side.Results, r => Assert.True(r.Median > 0, output));
        }
        static string Counts(BenchResult r) => string.Join(" ", r.Extra.Split(' ').Where(f => f.Split('=')[0] is "created" or "read" or "appended" or "deleted"));
        Assert.Equal("created=22 read=9 appended=11 deleted=22", Counts(helios.Results[0]));
        Assert.Equal(Counts(helios.Results[0]), Counts(linux.Results[0]));
        Assert.Contains("# helios x86_64: helios-kernel.elf + 64 MiB FAT32 disk", output);
        Assert.Contains("Helios vs Linux", output);
    }
}
