// The placement algorithm (src/Satellite/Placement/PlacementPlanner.cs, paper Figure 3) pass by pass: what each pass
// keeps, ties at each pass, platforms that no kernel runs, zero affinities, self-reference, and refusals.
#nullable enable
using Helios.Kernel.Manifests;
using Helios.Satellite.Placement;
using Xunit;
using static Helios.Tests.Placement.PlacementFixtures;

namespace Helios.Tests.Placement;

public class PlacementPlannerTests
{
    private static void AssertPlaced(PlacementDecision decision, string kernel, PlacementPass pass)
    {
        Assert.True(decision.IsPlaced, decision.Summary());
        Assert.Equal((kernel, pass), (decision.Kernel!.Id, decision.DecidedBy));
    }

    // --- platform ---

    [Fact]
    public void NoPlatformPreferenceKeepsEveryKernel()
    {
        PlacementDecision decision = Place(App("a"), Numa(3));
        PassRecord platform = decision.FindPass(PlacementPass.Platform)!;
        Assert.False(platform.Ran);
        Assert.Equal(["k0", "k1", "k2"], platform.Kept.Select(k => k.Id));
        AssertPlaced(decision, "k0", PlacementPass.Load);
    }

    [Fact]
    public void TheOnlyKernelOfTheHighestPlatformDecides()
    {
        PlacementDecision decision = Place(App("a").Platform("x86_64", 1).Platform("arm64-device", 10), View("k0:x86_64", "k1:arm64-device"));
        AssertPlaced(decision, "k1", PlacementPass.Platform);
        Assert.Single(decision.Passes);
        Elimination lost = Assert.Single(decision.Eliminations);
        Assert.Equal("k0 at platform: platform x86_64 (1) < arm64-device (10)", lost.ToString());
    }

    [Fact]
    public void KernelsOfAnUnlistedPlatformLose()
    {
        PlacementDecision decision = Place(App("a").Platform("x86_64", 5), View("k0:x86_64:50", "k1:x86_64:10", "k2:arm64-device"));
        AssertPlaced(decision, "k1", PlacementPass.Load);
        Assert.Equal(["k0", "k1"], decision.FindPass(PlacementPass.Platform)!.Kept.Select(k => k.Id));
        Assert.Contains(decision.Eliminations, e => e.ToString() == "k2 at platform: platform arm64-device is not listed");
        Assert.Contains(decision.Eliminations, e => e.ToString() == "k0 at load: load 50% > 10%");
    }

    [Fact]
    public void PlatformsOfEqualAffinityAreOneLevel()
    {
        PlacementDecision decision = Place(App("a").Platform("x86_64", 5).Platform("arm64-device", 5),
            View("k0:x86_64:30", "k1:x86_64:30", "k2:arm64-device:10", "k3:riscv"));
        PassRecord platform = decision.FindPass(PlacementPass.Platform)!;
        Assert.Equal(["k0", "k1", "k2"], platform.Kept.Select(k => k.Id));
        Assert.Equal("kept x86_64, arm64-device (5)", platform.Note);
        AssertPlaced(decision, "k2", PlacementPass.Load);
    }

    [Fact]
    public void AnAbsentPlatformFallsToTheNextPreferred()
    {
        // arm64-device is a platform Helios has, but numa2 has no such kernel: the next preference holds.
        PlacementDecision decision = Place(App("a").Platform("arm64-device", 10).Platform("x86_64", 1), Numa(2));
        PassRecord platform = decision.FindPass(PlacementPass.Platform)!;
        Assert.True(platform.Ran);
        Assert.Equal("arm64-device (10): no kernel; kept x86_64 (1)", platform.Note);
        AssertPlaced(decision, "k0", PlacementPass.Load);
    }

    [Fact]
    public void AnUnknownPlatformIsARefusalNamingWhy()
    {
        PlacementDecision decision = Place(App("gpuapp").Platform("vector-cpu", 20).Platform("arm64-device", 5), Numa(2));
        Assert.False(decision.IsPlaced);
        Assert.Null(decision.Kernel);
        Assert.Equal("no kernel runs a platform its manifest lists: vector-cpu (20): no kernel; arm64-device (5): no kernel; "
                     + "the kernels are k0 (x86_64), k1 (x86_64)", decision.Refusal);
        Assert.StartsWith("gpuapp refused: no kernel runs a platform", decision.Summary());
    }

    [Fact]
    public void ANearMissPlatformNameIsPointedOut()
    {
        PlacementDecision decision = Place(App("a").Platform("X86-64", 3), Numa(1));
        Assert.False(decision.IsPlaced);
        Assert.Contains("X86-64 (3): no kernel (did you mean x86_64?)", decision.Refusal);
    }

    // --- positive affinity ---

    [Fact]
    public void TheHighestPositiveSumWins()
    {
        SystemView view = Numa(3).Running("/a", "AContract", "k1").Running("/b", "BContract", "k2").Running("/c", "CContract", "k2");
        PlacementDecision decision = Place(App("p").Endpoint(2, "AContract", "/a").Endpoint(1, "BContract").Endpoint(2, "CContract"), view);
        AssertPlaced(decision, "k2", PlacementPass.Positive);
        PassRecord positive = decision.FindPass(PlacementPass.Positive)!;
        Assert.Equal("k0 0, k1 +2, k2 +3", positive.DescribeScores());
        Assert.Equal("endpoint 1 BContract +1, endpoint 2 CContract +2", positive.Scores[2].Detail);
        Assert.Equal(["k0 at positive: positive sum 0 < +3", "k1 at positive: positive sum +2 < +3 (endpoint 0 /a +2)"],
            decision.Eliminations.Select(e => e.ToString()));
        // The negative and load passes were not needed.
        Assert.Equal(2, decision.Passes.Count);
    }

    [Fact]
    public void APositiveTieGoesOnToTheNegativePass()
    {
        SystemView view = Numa(3).Running("/a", "AContract", "k0").Running("/a", "AContract", "k1").Running("/b", "BContract", "k0");
        PlacementDecision decision = Place(App("p").Endpoint(1, "AContract", "/a").Endpoint(-1, "BContract", "/b"), view);
        Assert.Equal(["k0", "k1"], decision.FindPass(PlacementPass.Positive)!.Kept.Select(k => k.Id));
        Assert.Contains(decision.Eliminations, e => e.ToString() == "k2 at positive: positive sum 0 < +1");
        AssertPlaced(decision, "k1", PlacementPass.Negative);
        Assert.Equal("k0 -1, k1 0", decision.FindPass(PlacementPass.Negative)!.DescribeScores());
    }

    [Fact]
    public void PositiveAffinityOutranksNegativeAffinity()
    {
        // Priority, not a sum: +1 to A on k0 beats -5 to B on k0 (paper §3.7.3).
        SystemView view = Numa(2).Running("/a", "AContract", "k0").Running("/b", "BContract", "k0");
        PlacementDecision decision = Place(App("p").Endpoint(1, "AContract", "/a").Endpoint(-5, "BContract", "/b"), view);
        AssertPlaced(decision, "k0", PlacementPass.Positive);
    }

    [Fact]
    public void PositiveAffinityToAServiceThatIsNotRunningTiesEverywhere()
    {
        PlacementDecision decision = Place(App("p").Endpoint(1, "NicDeviceContract"), View("k0:x86_64:40", "k1:x86_64:20"));
        PassRecord positive = decision.FindPass(PlacementPass.Positive)!;
        Assert.True(positive.Ran);
        Assert.Equal("every candidate sums 0: all stay", positive.Note);
        AssertPlaced(decision, "k1", PlacementPass.Load);
    }

    [Fact]
    public void EveryCopyOfAServiceCounts()
    {
        SystemView view = Numa(2).Running("/a1", "AContract", "k0").Running("/a2", "AContract", "k1").Running("/a3", "AContract", "k1");
        PlacementDecision decision = Place(App("p").Endpoint(1, "AContract"), view);
        AssertPlaced(decision, "k1", PlacementPass.Positive);
        Assert.Equal("endpoint 0 AContract x2 +2", decision.FindPass(PlacementPass.Positive)!.Scores[1].Detail);
    }

    [Fact]
    public void AnEndpointWithAPathBindsOnlyThatPathAndItsContract()
    {
        SystemView view = Numa(3).Running("/fs", "FileContract", "k1").Running("/fs2", "FileContract", "k2").Running("/x", "FileContract", "k0");
        Assert.Equal("k1", Place(App("p").Endpoint(1, "FileContract", "/fs"), view).Kernel!.Id);
        // The service at /fs speaks FileContract, not TcpContract: nothing binds, nothing counts.
        PlacementDecision wrong = Place(App("p").Endpoint(1, "TcpContract", "/fs"), view);
        Assert.Equal("k0 0, k1 0, k2 0", wrong.FindPass(PlacementPass.Positive)!.DescribeScores());
    }

    [Theory]
    [InlineData("TcpContract", "Helios.Contracts.TcpContract", true)]
    [InlineData("Helios.Contracts.TcpContract", "TcpContract", true)]
    [InlineData("Helios.Contracts.TcpContract", "Helios.Contracts.TcpContract", true)]
    [InlineData("A.TcpContract", "B.TcpContract", false)]
    [InlineData("TcpContract", "UdpContract", false)]
    [InlineData("XTcpContract", "TcpContract", false)]
    public void ContractsMatchQualifiedOrNot(string manifest, string service, bool same)
    {
        Assert.Equal(same, AffinityTally.SameContract(manifest, service));
        SystemView view = Numa(2).Running("/services/tcp", service, "k1");
        Assert.Equal(same ? "k1" : "k0", Place(App("p").Endpoint(1, manifest), view).Kernel!.Id);
    }

    [Fact]
    public void APipesAffinityIsWithTheLaunchersKernel()
    {
        SystemView view = View("k0:x86_64:90", "k1:x86_64:0");
        AssertPlaced(Place(App("p").Pipes(1, 0), view), "k0", PlacementPass.Positive);
        view.LauncherKernelId = "k1";
        AssertPlaced(Place(App("p").Pipes(1, 0), view), "k1", PlacementPass.Positive);
        view.LauncherKernelId = null;
        AssertPlaced(Place(App("p").Pipes(1, 0), view), "k1", PlacementPass.Load);
    }

    // --- negative affinity ---

    [Fact]
    public void TheLeastNegativeSumWins()
    {
        SystemView view = Numa(3).Running("/a", "AContract", "k0").Running("/b", "BContract", "k0").Running("/b2", "BContract", "k1");
        PlacementDecision decision = Place(App("n").Endpoint(-1, "AContract", "/a").Endpoint(-1, "BContract"), view);
        AssertPlaced(decision, "k2", PlacementPass.Negative);
        Assert.Equal("k0 -2, k1 -1, k2 0", decision.FindPass(PlacementPass.Negative)!.DescribeScores());
        Assert.Contains(decision.Eliminations, e => e.ToString() == "k0 at negative: negative sum -2 < 0 (endpoint 0 /a -1, endpoint 1 BContract -1)");
    }

    [Fact]
    public void ANegativeTieGoesToTheLoad()
    {
        SystemView view = View("k0:x86_64:10", "k1:x86_64:70", "k2:x86_64:20").Running("/a", "AContract", "k0");
        PlacementDecision decision = Place(App("n").Endpoint(-3, "AContract", "/a"), view);
        Assert.Equal(["k1", "k2"], decision.FindPass(PlacementPass.Negative)!.Kept.Select(k => k.Id));
        AssertPlaced(decision, "k2", PlacementPass.Load);
    }

    [Fact]
    public void NegativeAffinityWithAPlatformPreferenceStaysOnThePlatform()
    {
        // Paper §3.7.2: -1 to a peer plus a preference for x86_64 isolates the process only if another x86_64 kernel
        // exists; otherwise it shares the peer's kernel rather than go to the slow device.
        ApplicationManifest manifest = App("n").Platform("x86_64", 1).Endpoint(-1, "AContract", "/a");
        AssertPlaced(Place(manifest, View("k0", "k1:arm64-device").Running("/a", "AContract", "k0")), "k0", PlacementPass.Platform);
        AssertPlaced(Place(manifest, View("k0", "k1", "k2:arm64-device").Running("/a", "AContract", "k0")), "k1", PlacementPass.Negative);
    }

    // --- zero affinities and load ---

    [Fact]
    public void ZeroAffinitiesSkipBothAffinityPasses()
    {
        SystemView view = View("k0:x86_64:35", "k1:x86_64:15").Running("/a", "AContract", "k0");
        PlacementDecision decision = Place(App("z").Pipes(0, 0).Endpoint(0, "AContract", "/a").Provides(0, "ZContract", "/services/z"), view);
        Assert.False(decision.FindPass(PlacementPass.Positive)!.Ran);
        Assert.False(decision.FindPass(PlacementPass.Negative)!.Ran);
        Assert.Equal("no positive affinity in the manifest: every candidate stays", decision.FindPass(PlacementPass.Positive)!.Note);
        AssertPlaced(decision, "k1", PlacementPass.Load);
        Assert.Equal("z -> k1 by load (k0 35%, k1 15%)", decision.Summary());
    }

    [Fact]
    public void EqualLoadsGoToTheKernelListedFirst()
    {
        PlacementDecision decision = Place(App("a"), View("k2:x86_64:5", "k0:x86_64:5", "k1:x86_64:9"));
        AssertPlaced(decision, "k2", PlacementPass.Load);
        Assert.Equal(["k0 at load: load 5% ties with k2, which comes first", "k1 at load: load 9% > 5%"], decision.Eliminations.Select(e => e.ToString()));
    }

    [Fact]
    public void ASingleKernelIsDecidedByTheFirstPassThatRuns()
    {
        AssertPlaced(Place(App("a"), Numa(1)), "k0", PlacementPass.Load);
        AssertPlaced(Place(App("a").Platform("x86_64", 1), Numa(1)), "k0", PlacementPass.Platform);
        AssertPlaced(Place(App("a").Endpoint(1, "AContract"), Numa(1)), "k0", PlacementPass.Positive);
        Assert.Empty(Place(App("a"), Numa(1)).Eliminations);
    }

    // --- self-reference ---

    [Fact]
    public void NegativeSelfReferenceSpreadsCopies()
    {
        SystemView view = Numa(4);
        ApplicationManifest scanner = App("scanner").Provides(-1, "AntivirusContract", "/services/scanner");
        string[] kernels = Enumerable.Range(0, 6).Select(_ => view.Launch(scanner).Kernel!.Id).ToArray();
        Assert.Equal(["k0", "k1", "k2", "k3", "k0", "k1"], kernels);
        PlacementDecision seventh = PlacementPlanner.Place(scanner, view);
        Assert.Equal("serviceProvider 0 /services/scanner (self) x2 -2", seventh.FindPass(PlacementPass.Negative)!.Scores[0].Detail);
    }

    [Fact]
    public void PositiveSelfReferenceGathersCopies()
    {
        SystemView view = View("k0:x86_64:80", "k1:x86_64:0");
        ApplicationManifest worker = App("worker").Provides(1, "WorkContract", "/services/worker");
        Assert.Equal(["k1", "k1", "k1"], Enumerable.Range(0, 3).Select(_ => view.Launch(worker).Kernel!.Id));
    }

    [Fact]
    public void AnEndpointByContractNeverCountsCopiesOfItself()
    {
        // The scanner binds any AntivirusContract at -5 and advertises one at 0: its own copies are not "another
        // antivirus", so only the other vendor's scanner on k1 counts.
        SystemView view = Numa(3).Running("/services/scanner", "AntivirusContract", "k0").Running("/services/other-av", "AntivirusContract", "k1");
        ApplicationManifest scanner = App("scanner").Endpoint(-5, "AntivirusContract").Provides(0, "AntivirusContract", "/services/scanner");
        PlacementDecision decision = Place(scanner, view);
        Assert.Equal("k0 0, k1 -5, k2 0", decision.FindPass(PlacementPass.Negative)!.DescribeScores());
        AssertPlaced(decision, "k0", PlacementPass.Load);
    }

    [Fact]
    public void TheManifestRulesRefuseAnEndpointToTheAppsOwnPath()
    {
        ApplicationManifest manifest = App("scanner").Endpoint(-1, "AntivirusContract", "/services/scanner").Provides(0, "AntivirusContract", "/services/scanner");
        Assert.Equal("endpoint 0 binds to /services/scanner, which this application advertises itself (serviceProvider 1): "
                     + "put the affinity with copies of itself on that serviceProvider (self-reference affinity)", ManifestRules.Validate(manifest));
        PlacementDecision decision = Place(manifest, Numa(2));
        Assert.False(decision.IsPlaced);
        Assert.StartsWith("its manifest is not valid: endpoint 0 binds to /services/scanner", decision.Refusal);
        Assert.NotNull(ManifestRules.CheckSelfReference(App("av").Endpoint(-1, "AntivirusContract", "/services/av").Provides(0, "AntivirusContract", "/services/av")));
        Assert.Null(ManifestRules.CheckSelfReference(App("av").Endpoint(-1, "AntivirusContract", "/services/other").Provides(-1, "AntivirusContract", "/services/av")));
    }

    // --- refusals ---

    [Fact]
    public void ABadViewIsRefusedNotGuessed()
    {
        Assert.Equal("there is no kernel to run it on", Place(App("a"), new SystemView()).Refusal);
        Assert.Equal("the system view is not valid: service /a runs on kernel \"k9\", which is not in the view",
            Place(App("a"), Numa(2).Running("/a", "AContract", "k9")).Refusal);
        Assert.Equal("the system view is not valid: kernel k1 is listed twice", Place(App("a"), View("k1", "k1")).Refusal);
        Assert.Equal("the system view is not valid: kernel k0 load 101: expected a load from 0 to 100 (percent)", Place(App("a"), View("k0:x86_64:101")).Refusal);
        Assert.Equal("its manifest is not valid: no manifest", PlacementPlanner.Place(null!, Numa(1)).Refusal);
    }

    [Fact]
    public void TheSameInputGivesTheSameDecision()
    {
        SystemView view = View("k0:x86_64:10", "k1:x86_64:10", "k2:arm64-device:0").Running("/a", "AContract", "k1");
        ApplicationManifest manifest = App("d").Platform("x86_64", 2).Endpoint(-1, "AContract", "/a");
        string first = Place(manifest, view).Summary();
        for (int i = 0; i < 10; i++) Assert.Equal(first, Place(manifest, view).Summary());
        Assert.Equal("d -> k0 by negative (k0 0, k1 -1)", first);
    }
}
