// The paper's placement examples as shipped (manifests/examples/placement), read by the manifest and topology loaders
// and launched in order as `helios placement` does: the networking stack follows the NIC driver, the antivirus scanner
// keeps away from the mail store, Figure 11's two scanners spread, and Figure 8's indexer is offloaded.
#nullable enable
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Placement;
using Helios.Satellite.Placement;
using Xunit;

namespace Helios.Tests.Placement;

public class PaperExampleTests
{
    internal static string Example(string file) => Path.Combine(TestData.Repo.Root, "manifests", "examples", "placement", file);

    private static (string, ApplicationManifest) Manifest(string file)
    {
        string path = file.Contains('/') ? Path.Combine(TestData.Repo.Root, file) : Example(file);
        ManifestLoadResult result = new ManifestLoader().LoadFile(path);
        Assert.True(result.IsValid, string.Join("\n", result.Diagnostics));
        return (path, result.Manifest!);
    }

    private static Topology Topology(string name)
    {
        Topology? builtIn = BuiltInTopologies.Find(name);
        if (builtIn is not null) return builtIn;
        TopologyLoader.Result result = TopologyLoader.LoadFile(Example(name));
        Assert.True(result.Topology is not null, string.Join("\n", result.Diagnostics));
        return result.Topology!;
    }

    /// <summary>Each process's "kernel by pass".</summary>
    private static string[] Launch(string topology, params string[] manifests) =>
        LaunchSimulation.Run(Topology(topology), manifests.Select(Manifest))
            .Select(l => l.Decision.IsPlaced ? $"{l.Decision.Application} {l.Decision.Kernel!.Id} {PlacementPasses.Name(l.Decision.DecidedBy)}" : $"{l.Decision.Application} refused")
            .ToArray();

    [Fact]
    public void TheNetstackLandsWithTheNicDriverOnTheDevice()
    {
        Assert.Equal(["nicdriver k1 platform", "netstack k1 positive"], Launch("device", "nicdriver.manifest.xml", "netstack.manifest.xml"));
        Assert.Equal(["nicdriver k2 platform", "netstack k2 positive"], Launch("numa2-device", "nicdriver.manifest.xml", "netstack.manifest.xml"));
    }

    [Fact]
    public void WithoutADeviceTheDriverFallsBackToX86AndTheNetstackStillFollows()
    {
        // Both x86_64 kernels stay for the driver (the load picks k0); the stack then follows the driver, not the load.
        SystemView busy = new() { LauncherKernelId = "k0" };
        busy.Kernels.Add(new KernelView("k0", "x86_64", 10));
        busy.Kernels.Add(new KernelView("k1", "x86_64", 50));
        busy.Services.Add(new RunningService("/dev/nic0", "NicDeviceContract", "k1", "nicdriver"));
        Assert.Equal(["nicdriver k0 load", "netstack k0 positive"], Launch("numa2", "nicdriver.manifest.xml", "netstack.manifest.xml"));
        PlacementDecision netstack = PlacementPlanner.Place(Manifest("netstack.manifest.xml").Item2, busy);
        Assert.Equal("netstack -> k1 by positive (k0 0, k1 +1)", netstack.Summary());
    }

    [Fact]
    public void TheAntivirusScannerLandsAwayFromTheMailStore()
    {
        Assert.Equal(["fileserver k0 load", "mailstore k0 positive", "antivirus k1 negative", "smtp k0 load"],
            Launch("numa2", "manifests/fileserver.manifest.xml", "mailstore.manifest.xml", "antivirus.manifest.xml", "smtp.manifest.xml"));
        // On one kernel there is nowhere else to go: negative affinity is a hint, not a refusal.
        Assert.Equal(["mailstore k0 positive", "antivirus k0 negative"], Launch("single", "mailstore.manifest.xml", "antivirus.manifest.xml"));
    }

    [Fact]
    public void Figure11TheFirstScannerGoesByLoadTheSecondBySelfReference()
    {
        List<LaunchSimulation.Launch> launches = LaunchSimulation.Run(Topology("figure11.topology.xml"),
            [Manifest("scanner.manifest.xml"), Manifest("scanner.manifest.xml")]);
        Assert.Equal("scanner -> k1 by load (k0 60%, k1 5%)", launches[0].Decision.Summary());
        Assert.Equal("scanner -> k0 by negative (k0 0, k1 -1)", launches[1].Decision.Summary());
        Assert.Equal("serviceProvider 1 /services/scanner (self) -1", launches[1].Decision.FindPass(PlacementPass.Negative)!.Scores[1].Detail);
    }

    [Fact]
    public void ScannersSpreadOverEveryDomainBeforeDoublingUp()
    {
        Assert.Equal(["scanner k0 load", "scanner k1 load", "scanner k2 load", "scanner k3 negative", "scanner k0 load"],
            Launch("numa4", Enumerable.Repeat("scanner.manifest.xml", 5).ToArray()));
    }

    [Fact]
    public void Figure8TheIndexerIsOffloadedAwayFromTheFileSystem()
    {
        Assert.Equal(["fileserver k0 load", "indexer k1 negative"], Launch("device", "manifests/fileserver.manifest.xml", "indexer.manifest.xml"));
    }

    [Fact]
    public void EveryShippedExampleManifestIsValid()
    {
        string[] files = Directory.GetFiles(Path.GetDirectoryName(Example("x"))!, "*.manifest.xml");
        Assert.True(files.Length >= 7, string.Join(", ", files));
        foreach (string file in files)
        {
            ManifestLoadResult result = new ManifestLoader().LoadFile(file);
            Assert.True(result.IsValid, file + ": " + string.Join("\n", result.Diagnostics));
        }
    }
}
