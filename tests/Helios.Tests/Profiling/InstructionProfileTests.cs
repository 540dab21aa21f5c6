#nullable enable
// bench --profile's host side: the plugin's file parsed, blocks attributed to functions per kernel, windows paired with
// the RESULT lines Measure.Report printed, and (end to end) a real profile of link_ping on both kernels of numa2.
using Helios.Tests.Cli;
using Helios.Tooling.Bench;
using Helios.Tooling.Profiling;
using Xunit;

namespace Helios.Tests.Profiling;

public class InstructionProfileTests
{
    private const string Sample = """
        window 1
        0 1000 4 10
        1 2000 3 5
        0 1010 2 1
        window 3
        0 3000 1 7
        """;

    [Fact]
    public void TheFileGivesEachWindowItsBlocks()
    {
        var windows = InstructionProfile.Parse(Sample);
        Assert.Equal([1, 3], windows.Keys);
        Assert.Equal(new BlockCount(0, 0x1000, 4, 10), windows[1][0]);
        Assert.Equal(3, windows[1].Count);
        Assert.Equal(7UL, windows[3].Single().Total);
    }

    [Theory]
    [InlineData("0 1000 4 10")]                 // before any window
    [InlineData("window 0\n0 1000 4")]
    [InlineData("window 0\n0 xyz 4 10")]
    [InlineData("window x")]
    public void AMalformedFileIsAnError(string text)
    {
        var error = Assert.Throws<FormatException>(() => InstructionProfile.Parse(text));
        Assert.Contains("profile line", error.Message);
    }

    [Fact]
    public void BlocksGoToTheFunctionOfTheirKernelAndOutsideTheImageToProcessCode()
    {
        var k0 = new FunctionSymbols([(0x1000, 0x1010, "Helios_Channels_Helios_Channels_Channel__Send"), (0x1010, 0x1020, "trap_common")]);
        var k1 = new FunctionSymbols([(0x2000, 0x2100, "Helios_Channels_Helios_Channels_Channel__Send")]);
        var windows = InstructionProfile.Parse(Sample);
        WindowProfile profile = InstructionProfile.Attribute(1, windows[1], cpu => cpu, kernel => kernel == 0 ? k0 : k1);
        Assert.Equal(57UL, profile.Total);
        Assert.Equal(new FunctionCount(0, "Helios.Channels.Channel.Send", 40), profile.Functions[0]);
        Assert.Equal(new FunctionCount(1, "Helios.Channels.Channel.Send", 15), profile.Functions[1]);
        Assert.Equal(new FunctionCount(0, "trap_common", 2), profile.Functions[2]);
        Assert.Equal(42UL, profile.KernelTotal(0));

        WindowProfile outside = InstructionProfile.Attribute(3, windows[3], cpu => cpu, kernel => k0);
        Assert.Equal(InstructionProfile.OutsideKernel, outside.Functions.Single().Function);
    }

    [Theory]
    [InlineData("Helios_Channels_Helios_Channels_Channel__Send", "Helios.Channels.Channel.Send")]
    [InlineData("Helios_Kernel_Bench_Helios_Kernel_Bench_Cases_RemoteChannels__LinkPingBatch", "Helios.Kernel.Bench.Cases.RemoteChannels.LinkPingBatch")]
    [InlineData("trap_common", "trap_common")]
    [InlineData("RhpNewFast", "RhpNewFast")]
    public void SymbolsReadAsMethods(string symbol, string readable) => Assert.Equal(readable, FunctionSymbols.Readable(symbol));

    [Fact]
    public void SatelliteBasesComeFromTheCoordinatorsConsole()
    {
        var bases = InstructionProfile.SatelliteBases(["starting k1 on CPU 0x1, NUMA domain 1, image at 0x10000000, 241.2 MiB of memory",
            "starting k2 on CPU 0x2, NUMA domain 2, image at 0x2f000000, 10 MiB of memory", "something else"]);
        Assert.Equal(0x10000000UL, bases[1]);
        Assert.Equal(0x2f000000UL, bases[2]);
        Assert.Equal(2, bases.Count);
    }

    [Fact]
    public void WindowNStandsForTheNthResultMeasureReportPrinted()
    {
        BenchResult Result(string name, ulong median) => new(name, BenchUnit.Ticks, median, median, 11);
        BenchResult[] results = [Result("satellite_boot@k1", 1), Result("link_ping", 4000), Result("thread_yield@k1", 192), Result("timer_irq", 900), Result("rmp_roundtrip_0", 10000)];
        Assert.Equal(["link_ping", "timer_irq", "rmp_roundtrip_0"], ProfileReport.Reported(results).Select(r => r.Name));

        var k0 = new FunctionSymbols([(0x1000, 0x1010, "f"), (0x1010, 0x1020, "g")]);
        var windows = new Dictionary<int, WindowProfile>
        {
            [0] = InstructionProfile.Attribute(0, [new BlockCount(0, 0x1000, 3, 1), new BlockCount(0, 0x1010, 1, 1)], _ => 0, _ => k0),
            [2] = InstructionProfile.Attribute(2, [new BlockCount(0, 0x1000, 1, 1)], _ => 0, _ => k0),
        };
        string[] lines = ProfileReport.Lines(results, windows, top: 1).ToArray();
        Assert.All(lines, line => Assert.StartsWith("#", line));
        Assert.Contains("# profile link_ping: 4 instructions in its window (k0 100.0%)", lines);
        Assert.Contains(lines, line => line.Contains("3000") && line.Contains("75.0%") && line.EndsWith(" f"));     // 3/4 of 4000 a round trip
        Assert.DoesNotContain(lines, line => line.EndsWith(" g"));                                                 // top 1
        Assert.Contains("# profile rmp_roundtrip_0: 1 instructions in its window (k0 100.0%)", lines);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void LinkPingsProfileShowsTheLinkOnBothKernels(string isa)
    {
        (int code, string output) = HeliosCommandTests.Run("bench", "channels", "-c", TestData.Configuration, "--arch", isa, "--no-build",
            "--topology", "numa2", "--cases", "link_ping", "--profile", "--profile-top", "40");
        Assert.True(code == 0, output);
        Assert.Contains("# profile link_ping: ", output);
        Assert.Contains(" k0      Helios.Satellite.Links.Link.DeliverFromInterrupt", output);
        Assert.Contains(" k1      Helios.Satellite.Links.Link.DeliverFromInterrupt", output);
    }
}
