// helios manifest check: 0 when every manifest is valid, 1 when any is not (with file:line:column: message), 2 for
// usage errors; garbage, directories, devices and missing files are reported, never a stack trace.
using Xunit;

namespace Helios.Tests.Cli;

public class ManifestCommandTests
{
    private static string Valid(string name) => Path.Combine(TestData.Manifests("valid"), name);

    private static string Invalid(string name) => Path.Combine(TestData.Manifests("invalid"), name);

    private static readonly string Contracts = TestData.Manifests("contracts");

    [Fact]
    public void ValidManifestsExitZero()
    {
        (int code, string output) = HeliosProcess.Run("manifest", "check", "--contracts", Contracts, Valid("figure2.xml"), Valid("antivirus.xml"));
        Assert.True(code == 0, output);
        Assert.Contains($"{Valid("figure2.xml")}: valid", output);
        Assert.Contains("2 manifests checked, 0 invalid", output);
    }

    [Fact]
    public void AnInvalidManifestExitsOneWithPositions()
    {
        (int code, string output) = HeliosProcess.Run("manifest", "check", Valid("figure2.xml"), Invalid("affinity-too-high.xml"));
        Assert.Equal(1, code);
        Assert.Contains($"{Invalid("affinity-too-high.xml")}:5:22: HM0006: <endpoint> affinity=\"101\" is out of range: expected an integer from -100 to 100", output);
        Assert.Contains("2 manifests checked, 1 invalid", output);
    }

    [Fact]
    public void ContractsAreCheckedOnlyWhenAsked()
    {
        string file = Invalid("unknown-contract.xml");
        Assert.Equal(0, HeliosProcess.Run("manifest", "check", file).ExitCode);
        (int code, string output) = HeliosProcess.Run("manifest", "check", "--contracts", Contracts, file);
        Assert.Equal(1, code);
        Assert.Contains("contractName=\"UdpContract\" names a contract that does not exist", output);
    }

    [Theory]
    [InlineData("no such file", "tests/Manifests/missing.xml")]
    [InlineData("is a directory", "tests/Manifests")]
    [InlineData("is larger than 1 MiB", "/dev/zero")]
    [InlineData("the file ends before", "tests/Manifests/invalid/not-closed.xml")]
    [InlineData("character 0x00 is not allowed in XML", "tests/Manifests/invalid/binary-garbage.xml")]
    [InlineData("DTDs (<!DOCTYPE ...>) are not allowed", "tests/Manifests/invalid/entity-expansion.xml")]
    public void BadInputIsReportedNotThrown(string expected, string file)
    {
        (int code, string output) = HeliosProcess.Run("manifest", "check", file);
        Assert.Equal(1, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
        Assert.DoesNotContain("Exception", output);
    }

    [Fact]
    public void EveryFileOfTheCorpusIsCheckedInOneRun()
    {
        string[] files = Directory.GetFiles(TestData.Manifests("invalid"), "*.xml");
        (int code, string output) = HeliosProcess.Run(["manifest", "check", "--contracts", Contracts, .. files]);
        Assert.Equal(1, code);
        Assert.Contains($"{files.Length} manifests checked, {files.Length} invalid", output);
        Assert.DoesNotContain("Exception", output);
    }

    [Theory]
    [InlineData("Required argument 'file' missing", "manifest", "check")]
    [InlineData("contract directory", "manifest", "check", "--contracts", "tests/Manifests/none", "tests/Manifests/valid/figure2.xml")]
    [InlineData("Unrecognized command or argument '--frobnicate'", "manifest", "check", "--frobnicate", "x.xml")]
    [InlineData("Required command was not provided", "manifest")]
    public void UsageErrorsExitTwo(string expected, params string[] args)
    {
        (int code, string output) = HeliosProcess.Run(args);
        Assert.Equal(2, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
    }
}
