// Multikernel machines (docs/multikernel.md), booted in QEMU on both ISAs: a numa2 machine runs the coordinator and
// a satellite kernel, each running its own selection of the in-kernel tests, each reported as its own case named after
// its kernel ("k1:Threads.YieldAlternatesBetweenThreadsOnOneCpu"); the kernel image boots on numa2 and numa2x2 (and
// numa4 on x86_64) with every kernel's banner naming only its own CPUs; a satellite that panics leaves the coordinator running
// and the machine's status says a kernel died.
using System.Text.RegularExpressions;
using System.Collections.Concurrent;
using Helios.Kernel.Diagnostics;
using Helios.Testing;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Helios.Tooling.Testing;
using Xunit;
using Assert = Xunit.Assert;

namespace Helios.Tests.InKernel;

public class MultikernelTests
{
    public const string BootCase = "(numa2 boot)";

    private static readonly QemuTopology Numa2Machine = QemuTopology.Parse("numa2", out _)!;

    private static readonly ConcurrentDictionary<Isa, Lazy<Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport Main)>>> Runs = new();

    // Each satellite runs the satellite suite (the kernel's core, the collector, local channels, processes, and the
    // multikernel checks) by default; the coordinator, which runs its whole suite in the single machine's boot, runs
    // what is particular to a coordinator of several kernels: the multikernel checks and its view of the machine.
    private const string CoordinatorFilter = "Multikernel.*,Boot.*";

    private static Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport Main)> Run(Isa isa)
        => Runs.GetOrAdd(isa, i => new Lazy<Task<(IReadOnlyList<InKernelTestResult>, TestRunReport)>>(
            () => Task.Run(() => new KernelTestSession(TestData.Repo, TestData.Configuration) { Topology = Numa2Machine }
                .RunAllAsync(i, CoordinatorFilter)))).Value;

    public static IEnumerable<object[]> Cases()
    {
        var runs = IsaNames.All.Select(name => (name, Run(IsaNames.Parse(name)))).ToList();
        foreach ((string isa, Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport Main)> run) in runs)
        {
            yield return [isa, BootCase];
            foreach (InKernelTestResult result in run.GetAwaiter().GetResult().Results)
                yield return [isa, result.Name];
        }
    }

    [Theory]
    [MemberData(nameof(Cases), DisableDiscoveryEnumeration = true)]
    public async Task Numa2(string isa, string name)
    {
        (IReadOnlyList<InKernelTestResult> results, TestRunReport main) = await Run(IsaNames.Parse(isa));
        if (name == BootCase)
        {
            Assert.True(main.Problem is null, main.Problem + "\n" + string.Join("\n", main.Run.Console.TakeLast(40)));
            Assert.Contains(results, r => r.Name.StartsWith("k1:", StringComparison.Ordinal) && r.Passed);
            Assert.Contains(results, r => r.Name.StartsWith("k0:", StringComparison.Ordinal) && r.Passed);
            return;
        }
        InKernelTestResult result = results.Single(r => r.Name == name);
        Assert.True(result.Passed, $"{isa} numa2 {name}: {result.Status}: {result.Message}");
    }

    [Theory]
    [InlineData("x86_64", "numa2")]
    [InlineData("arm64", "numa2")]
    [InlineData("x86_64", "numa4")]
    [InlineData("x86_64", "numa2x2")]
    [InlineData("arm64", "numa2x2")]
    public async Task EveryKernelOfTheMachineBootsOnItsOwnDomain(string isaName, string topologyName)
    {
        Isa isa = IsaNames.Parse(isaName);
        QemuTopology topology = QemuTopology.Parse(topologyName, out _)!;
        QemuOptions options = new QemuOptions(isa, TestData.Image(isa, RepoPaths.KernelImage))
        {
            Bundle = RepoPaths.BundleBeside(TestData.Image(isa, RepoPaths.KernelImage)),
            DeterministicTiming = true,
        }.WithTopology(topology);
        Assert.NotNull(options.SatelliteImage);
        QemuResult run = await QemuRunner.RunAsync(options);
        string console = string.Join("\n", run.Console);
        Assert.True(run.Succeeded, run.Summary + "\n" + console);
        for (int k = 0; k < topology.Nodes; k++)
        {
            List<string> lines = QemuResult.KernelLines(run.Console, k);
            string role = k == 0 ? "coordinator" : "satellite";
            Assert.Contains(lines, l => l.StartsWith($"Helios kernel k{k} ({role}, NUMA domain {k}, {topology.Nodes} kernels) for {isaName}", StringComparison.Ordinal));
            // Each kernel has exactly its node's CPUs, every one of them online.
            string cpus = Assert.Single(lines, l => l.StartsWith("  cpus:   ", StringComparison.Ordinal));
            Assert.StartsWith($"  cpus:   {topology.CpusPerNode} (hardware ids ", cpus);
            Assert.Contains($"  online: {topology.CpusPerNode} of {topology.CpusPerNode} CPUs", lines);
            if (k > 0) Assert.Contains($"satellite k{k} exited with code 0", QemuResult.MachineLines(run.Console));
        }
        // Every line says which kernel printed it.
        Assert.All(run.Console.Where(l => l.Length > 0), l => Assert.True(HostProtocol.KernelTag(l, out _) >= 0, l));
    }

    // A numa2 machine of 6 GiB: node 1 lies wholly above 4 GiB (arm64: [4 GiB, 7 GiB); x86_64: [5 GiB, 8 GiB), since q35
    // keeps only 2 GiB of RAM below 4 GiB), so the satellite's image, memory and heap are all there. On x86_64 its
    // boot tables map those GiBs, and the AP trampoline loads them from long mode, where cr3 takes 64 bits.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ASatelliteWhoseDomainLiesAbove4GiBBootsAndExits(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        QemuOptions options = new QemuOptions(isa, TestData.Image(isa, RepoPaths.KernelImage))
        {
            Bundle = RepoPaths.BundleBeside(TestData.Image(isa, RepoPaths.KernelImage)),
            DeterministicTiming = true,
        }.WithTopology(Numa2Machine, memoryMiB: 6144);
        QemuResult run = await QemuRunner.RunAsync(options);
        string console = string.Join("\n", run.Console);
        Assert.True(run.Succeeded, run.Summary + "\n" + console);
        List<string> k1 = QemuResult.KernelLines(run.Console, 1);
        // Its one usable range, and nothing of it below 4 GiB.
        string usable = Assert.Single(k1, l => l.EndsWith("usable", StringComparison.Ordinal) && l.StartsWith("    ", StringComparison.Ordinal));
        Assert.True(Convert.ToUInt64(usable.Trim()[..16], 16) >= 1UL << 32, usable);
        Assert.Contains("satellite k1 exited with code 0", QemuResult.MachineLines(run.Console));
    }

    // The satellite collects while the coordinator only waits (it ran one quick test): the coordinator's collection
    // count and heap, as its tick publishes them in the machine page, do not move.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task CollectionsOnASatelliteLeaveTheCoordinatorsHeapAlone(string isaName)
    {
        TestRunReport report = await RunNuma2(isaName, "Multikernel.ItRunsOnlyOnItsOwnCpus", "CrossKernel.*");
        InKernelTestResult result = Assert.Single(report.Results, r => r.Name == "k1:CrossKernel.CollectionsHereLeaveTheCoordinatorsHeapAlone");
        Assert.True(result.Passed, result.Message);
    }

    // Channels between the kernels (tests/Kernel/Channels/RemoteChannelTests.cs): the coordinator's tests talk to an echo
    // server the satellite runs until the machine stops; every coordinator test passes, and so does the server.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ChannelsCrossBetweenTheKernels(string isaName)
    {
        TestRunReport report = await RunNuma2(isaName, "RemoteChannel.*", "RemoteChannelServer.*");
        Assert.Equal(7, report.Results.Count(r => r.Name.StartsWith("k0:RemoteChannel.", StringComparison.Ordinal)));
        Assert.Single(report.Results, r => r.Name == "k1:RemoteChannelServer.ServeTheCoordinator");
        Assert.All(report.Results, r => Assert.True(r.Passed, r.Name + ": " + r.Message));
    }

    // One namespace across the kernels (tests/Kernel/Channels/OneNamespaceTests.cs): the coordinator lists and describes
    // both kernels, starts processes on k1, and binds across and within kernels, while k1 stays up to serve.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task OneNamespaceSpansTheKernels(string isaName)
    {
        TestRunReport report = await RunNuma2(isaName, "OneNamespace.*", "OneNamespaceSatellite.*");
        Assert.Equal(8, report.Results.Count(r => r.Name.StartsWith("k0:OneNamespace.", StringComparison.Ordinal)));
        Assert.Single(report.Results, r => r.Name == "k1:OneNamespaceSatellite.ServeUntilTheMachineStops");
        Assert.All(report.Results, r => Assert.True(r.Passed, r.Name + ": " + r.Message));
    }

    // A satellite that dies while the coordinator talks to it (tests/Kernel/Channels/ContainmentTests.cs): it panics, or
    // masks interrupts and spins; the coordinator contains the death, passes its test, and the machine ends with the
    // status that says a kernel died.
    [Theory]
    [InlineData("x86_64", "PanicWhenAsked", "it panicked")]
    [InlineData("arm64", "PanicWhenAsked", "it panicked")]
    [InlineData("x86_64", "HangWhenAsked", "no heartbeat for 2000 ms")]
    [InlineData("arm64", "HangWhenAsked", "no heartbeat for 2000 ms")]
    public async Task ADeadSatelliteIsContained(string isaName, string how, string reason)
    {
        Isa isa = IsaNames.Parse(isaName);
        var session = new KernelTestSession(TestData.Repo, TestData.Configuration) { Topology = Numa2Machine, SatelliteTimeoutMilliseconds = 2000 };
        QemuOptions options = session.Options(isa, "Containment.*");
        options = options with { KernelArguments = options.KernelArguments + " " + TestProtocol.SatelliteFilterOption + "=DyingSatellite." + how };
        QemuResult run = await QemuRunner.RunAsync(options);
        string console = string.Join("\n", run.Console);
        Assert.True(run.Outcome == RunOutcome.Exited, run.Summary + "\n" + console);
        Assert.Equal((int)ExitCode.KernelDied, run.KernelExitCode);
        List<string> coordinator = QemuResult.MachineLines(run.Console);
        Assert.Contains(coordinator, l => l.StartsWith("k1 is dead: " + reason + ";", StringComparison.Ordinal));
        if (how == "HangWhenAsked")
        {
            // The hang marked its counter: the watch says when it declared the death, never before the timeout (its
            // upper bound is the benchmark's, under -icount: here the host's load can delay the coordinator's ticks).
            Match noticed = Assert.Single(coordinator.Select(l => Regex.Match(l, @"^k1 hung on purpose; its death was declared (\d+) us after it hung \(timeout 2000 ms\)$")), m => m.Success);
            Assert.True(long.Parse(noticed.Groups[1].Value) >= 1_999_000, noticed.Value);
        }
        Assert.Contains(coordinator, l => l.StartsWith(TestProtocol.Prefix + TestProtocol.Pass + " Containment.ASatelliteThatDiesMidRunIsContained", StringComparison.Ordinal));
        Assert.DoesNotContain(coordinator, l => l.StartsWith(TestProtocol.Prefix + TestProtocol.Fail, StringComparison.Ordinal));
    }


    // Processes on both kernels (tests/Kernel/Channels/RemoteProcessTests.cs): pingclient on the coordinator, pingserver
    // on the satellite (started there by its test server): 10^4 ping-pongs, 10^6 messages with both exchange heaps back
    // where they were, 10^5 messages while both kernels collect.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ProcessesTalkBetweenTheKernels(string isaName)
    {
        TestRunReport report = await RunNuma2(isaName, "RemoteProcess.*", "RemoteChannelServer.*");
        Assert.Equal(3, report.Results.Count(r => r.Name.StartsWith("k0:RemoteProcess.", StringComparison.Ordinal)));
        Assert.Single(report.Results, r => r.Name == "k1:RemoteChannelServer.ServeTheCoordinator");
        Assert.All(report.Results, r => Assert.True(r.Passed, r.Name + ": " + r.Message));
    }

    // numa4 smoke (x86_64, the one CI runs): every one of the four kernels runs the multikernel checks (its own CPUs,
    // frames and machine-page slot) and reports each; the run completes only when all four finished their plans.
    [Fact]
    public async Task EveryKernelOfANuma4MachineRunsItsTests()
    {
        var session = new KernelTestSession(TestData.Repo, TestData.Configuration) { Topology = QemuTopology.Parse("numa4", out _)! };
        QemuOptions options = session.Options(Isa.X86_64, "Multikernel.*");
        options = options with { KernelArguments = options.KernelArguments + " " + TestProtocol.SatelliteFilterOption + "=Multikernel.*" };
        TestRunReport report = TestRunParser.Parse(Isa.X86_64, await QemuRunner.RunAsync(options), session.Kernels);
        Assert.True(report.Problem is null, report.Problem + "\n" + string.Join("\n", report.Run.Console.TakeLast(30)));
        for (int k = 0; k < 4; k++)
            Assert.True(report.Results.Count(r => r.Name.StartsWith($"k{k}:Multikernel.", StringComparison.Ordinal)) >= 3, $"k{k} ran the multikernel checks");
        Assert.All(report.Results, r => Assert.True(r.Passed, r.Name + ": " + r.Message));
    }

    // Links between satellites (tests/Kernel/Channels/SatelliteLinksTests.cs), numa4: a client on k2 and its service on
    // k3 talk over their own link; k1 dies meanwhile, the coordinator contains it, k2 and k3 each close their link to
    // it and go on, and the client's round trips all come back.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task SatellitesTalkDirectlyAndOutliveAThirdThatDies(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        var session = new KernelTestSession(TestData.Repo, TestData.Configuration) { Topology = QemuTopology.Parse("numa4", out _)! };
        QemuOptions options = session.Options(isa, "SatelliteLinks.*");
        options = options with { KernelArguments = options.KernelArguments + " " + TestProtocol.SatelliteFilterOption + "=SatelliteLinksSatellite.*" };
        QemuResult run = await QemuRunner.RunAsync(options);
        string console = string.Join("\n", run.Console);
        Assert.True(run.Outcome == RunOutcome.Exited, run.Summary + "\n" + console);
        Assert.Equal((int)ExitCode.KernelDied, run.KernelExitCode);
        Assert.Contains("k0: k1 is dead: it panicked;", console);
        Assert.Contains("k0: " + TestProtocol.Prefix + TestProtocol.Pass + " SatelliteLinks.SatellitesTalkDirectlyAndOutliveAThirdThatDies", console);
        foreach (string k in new[] { "k2", "k3" })
        {
            Assert.Contains(k + ": k1 is dead: it panicked; this kernel's channels to it closed", console);
            Assert.Contains(k + ": " + TestProtocol.Prefix + TestProtocol.Pass + " SatelliteLinksSatellite.ServeUntilTheMachineStopsOrDieWhenAsked", console);
        }
        Assert.Contains("k3: [pingserver] answered 1000", console);
        Assert.Contains("k3: [pingserver] answered 30000", console);
        Assert.DoesNotContain(TestProtocol.Prefix + TestProtocol.Fail, console);
    }

    // Endpoints that travel on through a third kernel (tests/Kernel/Channels/EndpointTravelTests.cs), numa4: an end
    // sent k0 → k1 → k2 (and back to k0) keeps its messages in order both ways, closing either end is seen two kernels
    // away, and every kernel's exchange heap and link channels return to their baselines. Every satellite runs its agent.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task EndpointsTravelOnThroughAThirdKernel(string isaName)
    {
        TestRunReport report = await RunNuma2(isaName, "EndpointTravel.*", "EndpointTravelSatellite.*", "numa4");
        Assert.Equal(4, report.Results.Count(r => r.Name.StartsWith("k0:EndpointTravel.", StringComparison.Ordinal)));
        for (int k = 1; k < 4; k++) Assert.Single(report.Results, r => r.Name == $"k{k}:EndpointTravelSatellite.ServeTheCoordinator");
        Assert.All(report.Results, r => Assert.True(r.Passed, r.Name + ": " + r.Message));
    }

    // A boot of the test image on a numa2 machine (or topology): the coordinator runs coordinatorFilter, every satellite
    // satelliteFilter; the run must complete.
    private static async Task<TestRunReport> RunNuma2(string isaName, string coordinatorFilter, string satelliteFilter, string topology = "numa2")
    {
        Isa isa = IsaNames.Parse(isaName);
        var session = new KernelTestSession(TestData.Repo, TestData.Configuration) { Topology = QemuTopology.Parse(topology, out _)! };
        QemuOptions options = session.Options(isa, coordinatorFilter);
        options = options with { KernelArguments = options.KernelArguments + " " + TestProtocol.SatelliteFilterOption + "=" + satelliteFilter };
        TestRunReport report = TestRunParser.Parse(isa, await QemuRunner.RunAsync(options), session.Kernels);
        Assert.True(report.Problem is null, report.Problem + "\n" + string.Join("\n", report.Run.Console.TakeLast(30)));
        return report;
    }

    // Two boots of the same machine under -icount print the same console, byte for byte: every kernel's boot, the
    // satellites' start and the machine's end are deterministic.
    [Fact]
    public async Task TwoNuma2BootsPrintTheSameConsole()
    {
        QemuOptions options = new QemuOptions(Isa.X86_64, TestData.Image(Isa.X86_64, RepoPaths.KernelImage))
        {
            Bundle = RepoPaths.BundleBeside(TestData.Image(Isa.X86_64, RepoPaths.KernelImage)),
            DeterministicTiming = true,
        }.WithTopology(Numa2Machine);
        QemuResult first = await QemuRunner.RunAsync(options), second = await QemuRunner.RunAsync(options);
        Assert.True(first.Succeeded, first.Summary);
        Assert.Equal(first.Console, second.Console);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ASatelliteThatPanicsLeavesTheCoordinatorRunning(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        var session = new KernelTestSession(TestData.Repo, TestData.Configuration) { Topology = Numa2Machine };
        QemuOptions options = session.Options(isa, "Multikernel.*") with
        {
            KernelArguments = session.Options(isa, "Multikernel.*").KernelArguments + " " + TestProtocol.SatelliteFilterOption + "=SatellitePanic.OnPurpose",
        };
        QemuResult run = await QemuRunner.RunAsync(options);
        string console = string.Join("\n", run.Console);
        Assert.True(run.Outcome == RunOutcome.Exited, run.Summary + "\n" + console);
        Assert.Equal((int)ExitCode.KernelDied, run.KernelExitCode);
        Assert.Equal("a satellite panics on purpose", run.KernelPanicMessage(1));
        List<string> coordinator = QemuResult.MachineLines(run.Console);
        Assert.Contains("satellite k1 panicked", coordinator);
        // The coordinator ran its own tests to the end, every one passing.
        Assert.Contains(coordinator, l => l.StartsWith(TestProtocol.Prefix + TestProtocol.Done + " ", StringComparison.Ordinal));
        Assert.DoesNotContain(coordinator, l => l.StartsWith(TestProtocol.Prefix + TestProtocol.Fail, StringComparison.Ordinal));
        Assert.Contains(coordinator, l => l.StartsWith(TestProtocol.Prefix + TestProtocol.Pass + " Multikernel.", StringComparison.Ordinal));
    }
}
