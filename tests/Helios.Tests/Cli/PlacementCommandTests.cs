// helios placement: the table on the shipped examples, refusals, and file:line:column errors for bad topology and
// manifest files; 0 when every process is placed, 1 for a refusal or an invalid file, 2 for usage errors.
using Xunit;

namespace Helios.Tests.Cli;

public class PlacementCommandTests
{
    private static string Example(string file) => Path.Combine("manifests", "examples", "placement", file);

    [Fact]
    public void ExplainPrintsOneRowPerProcessWithSumsAndLosers()
    {
        (int code, string output) = HeliosProcess.Run("placement", "--explain", "--topology", "device", Example("nicdriver.manifest.xml"), Example("netstack.manifest.xml"));
        Assert.True(code == 0, output);
        string[] lines = output.Split('\n').Select(l => l.TrimEnd()).ToArray();
        Assert.Equal("topology device (built in): k0 x86_64 load 0%, k1 arm64-device load 0%; launches from k0", lines[0]);
        Assert.Contains("#  process    kernel  pass      platform     positive     negative  load  why the others lost", lines);
        Assert.Contains("1  nicdriver  k1      platform  k0 1, k1 10  -            -         -     k0 at platform: platform x86_64 (1) < arm64-device (10)", lines);
        Assert.Contains("2  netstack   k1      positive  any          k0 0, k1 +1  -         -     k0 at positive: positive sum 0 < +1", lines);
        Assert.Contains("    positive  kept k1 (+1) [k1: endpoint 0 NicDeviceContract +1]", lines);
    }

    [Fact]
    public void Figure11FromATopologyFile()
    {
        (int code, string output) = HeliosProcess.Run("placement", "--explain", "--topology", Example("figure11.topology.xml"), Example("scanner.manifest.xml"), Example("scanner.manifest.xml"));
        Assert.True(code == 0, output);
        Assert.Contains("running: /services/tcp (TcpContract) on k0", output);
        Assert.Matches(@"1  scanner  k1 +load .*k0 at load: load 60% > 5%", output);
        Assert.Matches(@"2  scanner  k0 +negative .*k1 at negative: negative sum -1 < 0 \(serviceProvider 1 /services/scanner \(self\) -1\)", output);
    }

    [Fact]
    public void WithoutExplainOnlyKernelAndPass()
    {
        (int code, string output) = HeliosProcess.Run("placement", "-t", "numa2", Example("mailstore.manifest.xml"), Example("antivirus.manifest.xml"));
        Assert.True(code == 0, output);
        Assert.Contains("1  mailstore  k0      load", output);
        Assert.Contains("2  antivirus  k1      negative", output);
        Assert.DoesNotContain("why the others lost", output);
    }

    [Fact]
    public void ARefusalExitsOneAndSaysWhy()
    {
        string file = Path.Combine(Path.GetTempPath(), $"helios-gpuapp-{Guid.NewGuid():N}.xml");
        File.WriteAllText(file, "<application name='gpuapp'><platforms><platform name='vector-cpu' affinity='20' /></platforms></application>");
        try
        {
            (int code, string output) = HeliosProcess.Run("placement", "--topology", "numa2", Example("scanner.manifest.xml"), file);
            Assert.Equal(1, code);
            Assert.Contains("1  scanner  k0      load", output);
            Assert.Contains("2  gpuapp   -       refused  no kernel runs a platform its manifest lists: vector-cpu (20): no kernel; the kernels are k0 (x86_64), k1 (x86_64)", output);
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void ABadTopologyFileGetsPositions()
    {
        string file = Path.Combine(Path.GetTempPath(), $"helios-topology-{Guid.NewGuid():N}.xml");
        File.WriteAllText(file, "<topology>\n  <kernel id='k0' platform='x86_64' load='150' />\n  <kernel id='k1' />\n</topology>\n");
        try
        {
            (int code, string output) = HeliosProcess.Run("placement", "--topology", file, Example("scanner.manifest.xml"));
            Assert.Equal(1, code);
            Assert.Contains($"{file}:2:37: <kernel> load=\"150\" is not a load: expected a load from 0 to 100 (percent)", output);
            Assert.Contains($"{file}:3:4: <kernel> has no platform attribute", output);
            Assert.Contains("nothing was placed", output);
            Assert.DoesNotContain("   at ", output);
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void ABadManifestGetsPositions()
    {
        string self = "tests/Manifests/invalid/self-endpoint.xml";
        (int code, string output) = HeliosProcess.Run("placement", "--topology", "numa2", Example("scanner.manifest.xml"), self, "tests/Manifests/invalid/affinity-too-high.xml");
        Assert.Equal(1, code);
        Assert.Contains($"{self}:6:69: HM0010: <endpoint> path=\"/services/scanner\" is where this application advertises itself (the <serviceProvider> on line 7)", output);
        Assert.Contains("tests/Manifests/invalid/affinity-too-high.xml:5:22: HM0006: <endpoint> affinity=\"101\" is out of range", output);
        Assert.Contains("nothing was placed", output);
    }

    [Theory]
    [InlineData("--topology: 'numa3' is neither a built-in topology (single, numa2, numa4, device, numa2-device) nor a file", "placement", "--topology", "numa3", "x.xml")]
    [InlineData("Option '--topology' is required", "placement", "manifests/examples/placement/scanner.manifest.xml")]
    [InlineData("Required argument 'manifest' missing", "placement", "--topology", "numa2")]
    [InlineData("Unrecognized command or argument '--frobnicate'", "placement", "--topology", "numa2", "--frobnicate", "x.xml")]
    public void UsageErrorsExitTwo(string expected, params string[] args)
    {
        (int code, string output) = HeliosProcess.Run(args);
        Assert.Equal(2, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
    }
}
