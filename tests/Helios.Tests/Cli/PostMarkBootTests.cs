// The postmark app (src/Apps/PostMark) on each ISA, over the disk services of ./helios boot --disk: a small PostMark
// run and a 1 MiB sequential read on a fresh image, each read checked by the app, end with both RESULT lines and exit
// 0, and leave the image clean and empty (everything PostMark made was deleted).
using Helios.Tests.Storage;
using Helios.Tooling.Bench;
using Xunit;

namespace Helios.Tests.Cli;

public class PostMarkBootTests
{
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void PostMarkRunsOverTheFileSystemServiceAndPrintsItsFigures(string isa)
    {
        string image = StorageTestImage.NewPath("postmark.img");
        (int code, string output) = HeliosCommandTests.Run("disk", "create", "--size", "40M", image);
        Assert.True(code == 0, output);
        (code, output) = HeliosCommandTests.Run(["boot", "-c", TestData.Configuration, "--arch", isa, "--no-build", "--timeout", "600", "--disk", image,
            "--run", "postmark", "--", "files=20", "transactions=40", "reps=1", "seq-mib=1", "seq-reps=1"]);
        Assert.True(code == 0, output);
        var lines = output.Split('\n').Where(l => l.StartsWith("[postmark] RESULT ", StringComparison.Ordinal))
            .Select(l => l["[postmark] ".Length..]).ToList();
        BenchParseResult parsed = BenchResultParser.ParseConsole(lines);
        Assert.True(parsed.Ok, output);
        Assert.Equal(["postmark", "seq_read_1m"], parsed.Results.Select(r => r.Name));
        Assert.Equal([BenchUnit.TxPerSecond, BenchUnit.MibPerSecond], parsed.Results.Select(r => r.Unit));
        // Without -icount the clock is the host's, and a busy host reads slowly: seq_read_1m's whole MiB/s may round
        // to 0, its kib_per_s= may not.
        Assert.True(parsed.Results[0].Median > 0, parsed.Results[0].ToString());
        Assert.Matches(@"(^| )kib_per_s=[1-9][0-9]* ", parsed.Results[1].Extra + " ");
        DiskTools.AssertClean(image);
        Assert.Empty(DiskTools.ListAll(image));
    }
}
