// The topology file format (build/Helios.Placement/TopologyLoader.cs): what a good file builds, and every mistake
// reported at its line and column with what was expected.
#nullable enable
using Helios.Placement;
using Helios.Satellite.Placement;
using Xunit;

namespace Helios.Tests.Placement;

public class TopologyLoaderTests
{
    private static TopologyLoader.Result Load(string text) => TopologyLoader.LoadText(text, "t.xml");

    private static void AssertError(string text, string expected)
    {
        TopologyLoader.Result result = Load(text);
        Assert.Null(result.Topology);
        Assert.True(result.Diagnostics.Any(d => d.ToString().StartsWith(expected, StringComparison.Ordinal)),
            $"expected {expected}\ngot:\n{string.Join("\n", result.Diagnostics)}");
    }

    [Fact]
    public void AGoodFileBuildsTheView()
    {
        TopologyLoader.Result result = Load("""
            <?xml version="1.0"?>
            <!-- a comment -->
            <topology name="mail" launcher="k1">
              <kernel id="k0" platform="x86_64" load="60" />
              <kernel id="k1" platform="arm64-device" load=" 5% " />
              <kernel id="k2" platform="x86_64" />
              <service path="/services/tcp" contractName="Helios.Contracts.TcpContract" kernel="k0" provider="netstack" />
              <service path="/services/tcp" contractName="TcpContract" kernel="k2" />
            </topology>
            """);
        Assert.Empty(result.Diagnostics);
        Topology topology = result.Topology!;
        Assert.Equal("mail", topology.Name);
        Assert.Equal("t.xml", topology.Source);
        Assert.Equal(["k0 (x86_64, load 60%)", "k1 (arm64-device, load 5%)", "k2 (x86_64, load 0%)"], topology.View.Kernels.Select(k => k.ToString()));
        Assert.Equal(["/services/tcp (Helios.Contracts.TcpContract) on k0", "/services/tcp (TcpContract) on k2"], topology.View.Services.Select(s => s.ToString()));
        Assert.Equal("netstack", topology.View.Services[0].Provider);
        Assert.Equal("k1", topology.View.LauncherKernelId);
    }

    [Fact]
    public void TheNameAndLauncherDefault()
    {
        Topology topology = Load("<topology><kernel id='a' platform='x86_64'/><kernel id='b' platform='x86_64'/></topology>").Topology!;
        Assert.Equal("t", topology.Name);
        Assert.Equal("a", topology.View.LauncherKernelId);
    }

    [Theory]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' load='101' />\n</topology>", "t.xml:2:37: <kernel> load=\"101\" is not a load: expected a load from 0 to 100 (percent)")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' load='-1' />\n</topology>", "t.xml:2:37: <kernel> load=\"-1\" is not a load")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' load='lots' />\n</topology>", "t.xml:2:37: <kernel> load=\"lots\"")]
    [InlineData("<topology>\n  <kernel platform='x86_64' />\n</topology>", "t.xml:2:4: <kernel> has no id attribute: expected the kernel's id, e.g. id=\"k1\"")]
    [InlineData("<topology>\n  <kernel id='k0' />\n</topology>", "t.xml:2:4: <kernel> has no platform attribute")]
    [InlineData("<topology>\n  <kernel id='k 0' platform='x86_64' />\n</topology>", "t.xml:2:11: <kernel> id=\"k 0\" is not valid: expected 1 to 64 characters")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86 64' />\n</topology>", "t.xml:2:19: <kernel> platform=\"x86 64\" is not valid")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' />\n  <kernel id='k0' platform='x86_64' />\n</topology>", "t.xml:3:11: kernel \"k0\" is declared twice: expected each id once (the first is on line 2)")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' cpus='4' />\n</topology>", "t.xml:2:37: unknown attribute cpus on <kernel>: expected id, platform, load")]
    [InlineData("<topology>\n  <kernal id='k0' platform='x86_64' />\n</topology>", "t.xml:2:4: unknown element <kernal> in <topology>: expected <kernel> or <service>")]
    [InlineData("<topology>\n</topology>", "t.xml:1:2: the topology has no <kernel>")]
    [InlineData("<machine/>", "t.xml:1:2: the root element is <machine>: expected <topology>")]
    [InlineData("<topology launcher='k9'>\n  <kernel id='k0' platform='x86_64' />\n</topology>", "t.xml:1:11: <topology> launcher=\"k9\" names no <kernel> of this topology: expected one of k0")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' />\n  <service path='/s' contractName='S' kernel='k1' />\n</topology>", "t.xml:3:39: <service> kernel=\"k1\" names no <kernel> of this topology: expected one of k0")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' />\n  <service path='s' contractName='S' kernel='k0' />\n</topology>", "t.xml:3:12: <service> path=\"s\" is not valid: expected a namespace path")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' />\n  <service path='/s' contractName='1S' kernel='k0' />\n</topology>", "t.xml:3:22: <service> contractName=\"1S\" is not valid")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64' />\n  <service path='/s' kernel='k0' />\n</topology>", "t.xml:3:4: <service> has no contractName attribute")]
    [InlineData("<topology>\n  k0\n  <kernel id='k0' platform='x86_64' />\n</topology>", "t.xml:1:11: text in <topology>: expected only elements and attributes")]
    [InlineData("<topology>\n  <kernel id='k0' platform='x86_64'>\n</topology>", "t.xml:3:3: not well-formed XML:")]
    [InlineData("<!DOCTYPE t [<!ENTITY a 'b'>]>\n<topology/>", "t.xml:1:")]
    public void MistakesAreReportedWhereTheyAre(string text, string expected) => AssertError(text, expected);

    [Fact]
    public void EveryMistakeIsReportedAtOnceInFileOrder()
    {
        TopologyLoader.Result result = Load("<topology>\n  <kernel id='k0' platform='x86_64' load='200' />\n  <kernel id='k1' />\n  <service path='/s' contractName='S' kernel='k7' />\n</topology>");
        Assert.Equal([2, 3, 4], result.Diagnostics.Select(d => d.Line));
    }

    [Fact]
    public void FilesThatCannotBeReadAreReportedNotThrown()
    {
        Assert.Equal("/nonexistent/t.xml: no such file", TopologyLoader.LoadFile("/nonexistent/t.xml").Diagnostics.Single().ToString());
        Assert.Contains("is a directory", TopologyLoader.LoadFile(TestData.Repo.Root).Diagnostics.Single().Message);
        Assert.Contains("is larger than 1 MiB", TopologyLoader.LoadFile("/dev/zero").Diagnostics.Single().Message);
    }

    [Fact]
    public void TheBuiltInTopologiesAreValidViews()
    {
        foreach ((string name, _) in BuiltInTopologies.All)
        {
            Topology topology = BuiltInTopologies.Find(name)!;
            Assert.Null(topology.View.Validate());
            Assert.Equal("k0", topology.View.LauncherKernelId);
        }
        Assert.Equal(["x86_64", "arm64-device"], BuiltInTopologies.Find("device")!.View.Kernels.Select(k => k.Platform));
        Assert.Equal(4, BuiltInTopologies.Find("numa4")!.View.Kernels.Count);
        Assert.Null(BuiltInTopologies.Find("numa3"));
    }
}
