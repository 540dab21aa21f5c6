// --topology (QemuTopology): how a NUMA machine becomes QEMU arguments on both ISAs, that single changes nothing,
// which topologies and sizes are refused and why; pure argument building, no QEMU. Usage errors through the command.
using System.Text.RegularExpressions;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Helios.Tooling.Testing;
using Xunit;

namespace Helios.Tests.Cli;

public class TopologyTests
{
    private static QemuTopology Parse(string text)
    {
        QemuTopology topology = QemuTopology.Parse(text, out string error);
        Assert.True(topology is not null, error);
        return topology;
    }

    private static string Line(QemuOptions options) => string.Join(" ", options.Arguments());

    [Theory]
    [InlineData("single", "single", 0, 0)]
    [InlineData("numa2", "numa2", 2, 1)]
    [InlineData("numa4", "numa4", 4, 1)]
    [InlineData("numa1", "numa1", 1, 1)]
    [InlineData("numa2x2", "numa2x2", 2, 2)]
    [InlineData("numa3x1", "numa3", 3, 1)]
    [InlineData("numa128", "numa128", 128, 1)]
    public void NamesParse(string text, string name, int nodes, int cpusPerNode)
    {
        QemuTopology topology = Parse(text);
        Assert.Equal(name, topology.Name);
        Assert.Equal(nodes, topology.Nodes);
        Assert.Equal(cpusPerNode, topology.CpusPerNode);
        Assert.Equal(nodes * cpusPerNode, topology.Cpus);
        Assert.Equal(text == "single", topology.IsSingle);
    }

    [Theory]
    [InlineData("")]
    [InlineData("Single")]
    [InlineData("numa")]
    [InlineData("numa0")]
    [InlineData("numa02")]
    [InlineData("numa-2")]
    [InlineData("numa+2")]
    [InlineData("numa2x")]
    [InlineData("numa2x0")]
    [InlineData("numax2")]
    [InlineData("numa2x2x2")]
    [InlineData("numa 2")]
    [InlineData("numa99999")]
    [InlineData("numa٢")]
    public void OtherNamesAreRefused(string text)
    {
        Assert.Null(QemuTopology.Parse(text, out string error));
        Assert.Equal($"'{text}' is not a topology; use single, numa<N> (N nodes of one CPU) or numa<D>x<C> (D nodes of C CPUs), e.g. numa2, numa4, numa2x2.", error);
    }

    [Fact]
    public void MoreNodesThanQemuAllowsAreRefused()
    {
        Assert.Null(QemuTopology.Parse("numa129", out string error));
        Assert.Equal("'numa129' has 129 nodes; QEMU allows at most 128.", error);
    }

    [Theory]
    [InlineData(Isa.X86_64, "-M q35 -cpu Nehalem -device isa-debug-exit,iobase=0xf4,iosize=0x04 -accel tcg -smp 2 -m 128M -nodefaults -display none -serial stdio -monitor none -no-reboot -kernel /k.elf")]
    [InlineData(Isa.Arm64, "-M virt -cpu cortex-a72 -semihosting-config enable=on,target=native -accel tcg -smp 2 -m 128M -nodefaults -display none -serial stdio -monitor none -no-reboot -kernel /k.elf")]
    public void SingleIsTheMachineOfBefore(Isa isa, string expected)
    {
        var options = new QemuOptions(isa, "/k.elf");
        Assert.Equal(expected, Line(options));
        Assert.Equal(expected, Line(options.WithTopology(QemuTopology.Single)));
        Assert.Equal(expected.Replace("-smp 2", "-smp 3"), Line((options with { Cpus = 3 }).WithTopology(QemuTopology.Single)));
        Assert.Equal(expected.Replace("-m 128M", "-m 300M"), Line(options.WithTopology(QemuTopology.Single, 300)));
    }

    [Theory]
    [InlineData(Isa.X86_64)]
    [InlineData(Isa.Arm64)]
    public void Numa2IsTwoNodesOfOneCpuAnd128MiB(Isa isa)
    {
        QemuOptions options = new QemuOptions(isa, "/k.elf").WithTopology(Parse("numa2"));
        Assert.Equal(2, options.Cpus);
        Assert.Equal(256, options.MemoryMiB);
        Assert.Contains("-accel tcg -smp 2 -m 256M"
            + " -object memory-backend-ram,id=m0,size=128M -numa node,nodeid=0,cpus=0-0,memdev=m0"
            + " -object memory-backend-ram,id=m1,size=128M -numa node,nodeid=1,cpus=1-1,memdev=m1"
            + " -nodefaults", Line(options));
    }

    // The satellite watch's timeout on the kernel command line: the caller's own wins; else 60 s under -icount; else
    // what HELIOS_SATELLITE_TIMEOUT_MS says (this suite sets 10 s: TestData.GiveSatellitesTime); one kernel: none.
    [Fact]
    public void TheSatelliteTimeoutIsTheCallersThenIcountsThenTheSuites()
    {
        QemuOptions numa = new QemuOptions(Isa.X86_64, TestData.Image(Isa.X86_64, RepoPaths.KernelImage)).WithTopology(Parse("numa2"));
        Assert.Equal("10000", Environment.GetEnvironmentVariable(QemuOptions.SatelliteTimeoutVariable));
        Assert.Contains("satellite.timeout=10000 ", numa.EffectiveKernelArguments);
        Assert.Contains("satellite.timeout=60000 ", (numa with { DeterministicTiming = true }).EffectiveKernelArguments);
        string own = (numa with { KernelArguments = "satellite.timeout=700" }).EffectiveKernelArguments;
        Assert.Single(Regex.Matches(own, "satellite.timeout="));
        Assert.Contains("satellite.timeout=700", own);
        Assert.DoesNotContain("satellite.timeout", new QemuOptions(Isa.X86_64, "/k.elf").EffectiveKernelArguments);
    }

    [Fact]
    public void Numa4IsFourNodesOf128MiB()
    {
        string line = Line(new QemuOptions(Isa.X86_64, "/k.elf").WithTopology(Parse("numa4")));
        Assert.Contains("-smp 4 -m 512M -object memory-backend-ram,id=m0,size=128M -numa node,nodeid=0,cpus=0-0,memdev=m0", line);
        Assert.Contains("-object memory-backend-ram,id=m3,size=128M -numa node,nodeid=3,cpus=3-3,memdev=m3 -nodefaults", line);
    }

    [Fact]
    public void NodesOfSeveralCpusTakeConsecutiveCpus()
    {
        string line = Line(new QemuOptions(Isa.Arm64, "/k.elf").WithTopology(Parse("numa2x3")));
        Assert.Contains("-smp 6 -m 256M", line);
        Assert.Contains("-numa node,nodeid=0,cpus=0-2,memdev=m0", line);
        Assert.Contains("-numa node,nodeid=1,cpus=3-5,memdev=m1", line);
    }

    [Fact]
    public void MemOverridesTheDefaultAndTheRemainderGoesToNodeZero()
    {
        QemuOptions options = new QemuOptions(Isa.X86_64, "/k.elf").WithTopology(Parse("numa4"), 130);
        Assert.Equal(130, options.MemoryMiB);
        Assert.Equal([34, 32, 32, 32], Parse("numa4").NodeMemoryMiB(130));
        string line = Line(options);
        Assert.Contains("-m 130M -object memory-backend-ram,id=m0,size=34M", line);
        Assert.Contains("-object memory-backend-ram,id=m3,size=32M", line);
    }

    [Fact]
    public void CpusThatDisagreeWithTheTopologyAreAProgrammingError()
    {
        QemuOptions options = new QemuOptions(Isa.X86_64, "/k.elf").WithTopology(Parse("numa2")) with { Cpus = 3 };
        var e = Assert.Throws<InvalidOperationException>(() => options.Arguments());
        Assert.Contains("-smp 3 disagrees with topology numa2, which has 2 CPUs", e.Message);
    }

    [Theory]
    [InlineData(Isa.X86_64, 256)]
    [InlineData(Isa.Arm64, 256)]
    [InlineData(Isa.X86_64, 512)]
    public void TheBundleStaysAtTheTopOfRam(Isa isa, int memoryMiB)
    {
        // The nodes split the same RAM: the bundle's address depends on the total only (tests/Helios.Tests/Satellite
        // CapturedTopologyTests checks it against the firmware's memory map).
        var single = new QemuOptions(isa, "/k.elf") { MemoryMiB = memoryMiB };
        QemuOptions numa = single.WithTopology(Parse("numa2"), memoryMiB);
        Assert.Equal(single.BundleAddress(6_492_060), numa.BundleAddress(6_492_060));
        ulong top = isa == Isa.X86_64 ? ((ulong)memoryMiB << 20) - (128 << 10) : 0x4000_0000UL + ((ulong)memoryMiB << 20);
        Assert.Equal((top - 6_492_060) & ~4095UL, numa.BundleAddress(6_492_060));
    }

    // SeaBIOS overwrote pages just below 16 MiB under the top of x86_64's low RAM before the kernel ran: a satellite
    // image that would lie there (a 12 MiB bundle above it) goes below that scratch instead; arm64 has no such firmware.
    [Theory]
    [InlineData(256)]
    [InlineData(512)]
    public void TheSatelliteImageSkipsTheFirmwaresScratchOnX86(int memoryMiB)
    {
        string bundle = Path.GetTempFileName(), satellite = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(bundle, new byte[12 << 20]);
            File.WriteAllBytes(satellite, new byte[5 << 20]);
            foreach (Isa isa in new[] { Isa.X86_64, Isa.Arm64 })
            {
                QemuOptions options = new QemuOptions(isa, "/k.elf") { MemoryMiB = memoryMiB, Bundle = bundle, SatelliteImage = satellite }
                    .WithTopology(Parse("numa2"), memoryMiB);
                ulong bundleAt = options.BundleAddress(12 << 20), satelliteAt = options.SatelliteAddress(5 << 20);
                (ulong start, ulong end) = options.FirmwareScratch;
                Assert.False(bundleAt < end && bundleAt + (12UL << 20) > start, $"{isa}: the bundle meets the firmware's scratch");
                Assert.False(satelliteAt < end && satelliteAt + (5UL << 20) > start, $"{isa}: the satellite image meets the firmware's scratch");
                Assert.True(satelliteAt + (5UL << 20) <= bundleAt, $"{isa}: the satellite image overlaps the bundle");
                if (isa == Isa.X86_64) Assert.Equal(((ulong)memoryMiB << 20) - (17UL << 20) - (5UL << 20), satelliteAt);
                else Assert.Equal(bundleAt - (5UL << 20), satelliteAt);
            }
        }
        finally
        {
            File.Delete(bundle);
            File.Delete(satellite);
        }
    }

    [Theory]
    [InlineData("numa2", Isa.X86_64, 256, null)]
    [InlineData("numa2", Isa.Arm64, 128, null)]
    [InlineData("numa8", Isa.Arm64, 1024, null)]
    [InlineData("numa9", Isa.Arm64, 1152, "numa9 has 9 CPUs; arm64's machine takes at most 8.")]
    [InlineData("numa16x16", Isa.X86_64, 4096, "numa16x16 has 256 CPUs; x86_64's machine takes at most 255.")]
    [InlineData("numa4", Isa.X86_64, 100, "100M split over numa4's 4 nodes gives 25M a node; each needs at least 32M.")]
    [InlineData("numa2", Isa.X86_64, 80, "80M split over numa2's 2 nodes gives node 0 40M; on x86_64 it needs at least 64M (the kernel image, its early heap and the boot bundle).")]
    [InlineData("single", Isa.X86_64, 1, null)]
    public void WhatCannotBootIsExplained(string topology, Isa isa, int memoryMiB, string expected)
        => Assert.Equal(expected, Parse(topology).Check(isa, memoryMiB));

    [Fact]
    public void TestsRunOnTheTopologysMachine()
    {
        var session = new KernelTestSession(TestData.Repo, "Debug") { Topology = Parse("numa2") };
        QemuOptions options = session.Options(Isa.X86_64, null);
        Assert.Equal("expect.cpus=2 expect.isa=x86_64 expect.mem=256 expect.domains=2 expect.kernelcpus=1", session.Expectations(Isa.X86_64));
        Assert.Contains("-smp 2 -m 256M -object memory-backend-ram,id=m0,size=128M", Line(options));
        // A kernel per node: the coordinator and a satellite, whose image QEMU loads too.
        Assert.Equal(2, session.Kernels);
        Assert.EndsWith("helios-kernel-tests.satellite.elf", options.SatelliteImage ?? "helios-kernel-tests.satellite.elf");
        var single = new KernelTestSession(TestData.Repo, "Debug");
        Assert.Equal("expect.cpus=2 expect.isa=arm64", single.Expectations(Isa.Arm64));
        Assert.Contains("-smp 2 -m 128M -nodefaults", Line(single.Options(Isa.Arm64, null)));
    }

    [Fact]
    public void BenchmarksKeepTheirMemoryOnATopology()
    {
        Assert.Contains("-smp 2 -m 512M -nodefaults", Line(BenchmarkMachine.Options(Isa.X86_64, "/k.elf")));
        Assert.Contains("-smp 2 -m 512M -object memory-backend-ram,id=m0,size=256M", Line(BenchmarkMachine.Options(Isa.X86_64, "/k.elf", Parse("numa2"))));
        Assert.Contains("-smp 4 -m 512M -object memory-backend-ram,id=m0,size=128M", Line(BenchmarkMachine.Options(Isa.Arm64, "/k.elf", Parse("numa4"))));
        Assert.Contains("-smp 8 -m 1024M", Line(BenchmarkMachine.Options(Isa.Arm64, "/k.elf", Parse("numa8"))));
    }

    [Theory]
    [InlineData("--smp 4 conflicts with --topology numa2, which has 2 CPUs: drop --smp, or use --topology numa2x2 (2 nodes of 2 CPUs).", "boot", "--arch", "x86_64", "--topology", "numa2", "--smp", "4")]
    [InlineData("--smp 3 conflicts with --topology numa2, which has 2 CPUs: drop --smp.", "capture", "--arch", "arm64", "--topology", "numa2", "--smp", "3", "--out", "/tmp/x")]
    [InlineData("--topology: 'numa' is not a topology", "test", "--topology", "numa")]
    [InlineData("--topology: numa16 has 16 CPUs; arm64's machine takes at most 8.", "test", "--arch", "all", "--topology", "numa16")]
    [InlineData("--topology: 100M split over numa4's 4 nodes gives 25M a node; each needs at least 32M.", "boot", "--arch", "x86_64", "--topology", "numa4", "--mem", "100")]
    [InlineData("--vs-linux compares in the single benchmark machine; it cannot be used with --topology numa2.", "bench", "kernel", "--arch", "x86_64", "--topology", "numa2", "--vs-linux")]
    [InlineData("--topology: 'numa2x' is not a topology", "bench", "sip", "--arch", "arm64", "--topology", "numa2x")]
    public void ConflictsAreUsageErrors(string expected, params string[] args)
    {
        (int code, string output) = HeliosCommandTests.Run([.. args, "--no-build"]);
        Assert.NotEqual(0, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("Exception", output);
    }
}
