// Each class of bad input the issue tracker found (issue 19), at its root: terminal escapes in any text a manifest
// gives, encodings XML 1.0 calls fatal errors, whole-file errors without a position, long names in messages,
// qualified contract names, raw schema messages.
using System.Text;
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Manifests.Contracts;
using Xunit;

namespace Helios.Tests.Manifests;

public class HostileManifestTests
{
    private static readonly ContractDirectoryCatalog Contracts = ContractDirectoryCatalog.Load(TestData.Manifests("contracts"));

    private static ManifestLoadResult Load(string xml) => new ManifestLoader(Contracts).LoadText(xml, "m.xml");

    private static ManifestLoadResult LoadBytes(byte[] bytes) => new ManifestLoader(Contracts).LoadBytes(bytes, "m.xml");

    private static string WithArgument(string argument) =>
        $"<application name=\"app\"><arguments><argument>{argument}</argument></arguments></application>";

    [Theory]
    [InlineData("&#x9B;31m", "control characters")]
    [InlineData("&#x7F;", "control characters")]
    [InlineData("&#x80;", "control characters")]
    [InlineData("&#x85;", "control characters")]
    [InlineData("&#x9F;", "control characters")]
    [InlineData("&#x1B;[2J", "character 0x1B is not allowed in XML")]   // C0 controls are not XML at all
    public void TerminalControlsInArgumentsAreRefused(string argument, string message)
    {
        ManifestLoadResult result = Load(WithArgument(argument));
        Assert.False(result.IsValid);
        ManifestFuzzTests.AssertReported(result);
        Assert.Contains(message, Assert.Single(result.Diagnostics).Message);
    }

    [Theory]
    [InlineData("\t")]
    [InlineData("a&#10;b")]
    [InlineData("&#xA0;caf\u00E9 \u4E2D")]
    public void OtherTextInArgumentsIsKept(string argument)
    {
        Assert.True(Load(WithArgument(argument)).IsValid);
    }

    [Fact]
    public void TheRulesTheKernelSharesRefuseC1Too()
    {
        Assert.NotNull(ManifestRules.CheckArgument("\u009B31m"));
        Assert.NotNull(ManifestRules.CheckArgument("\u007F"));
        Assert.Null(ManifestRules.CheckArgument("caf\u00E9\t"));
    }

    [Fact]
    public void QuotedValuesNeverCarryTerminalControls()
    {
        ManifestLoadResult result = Load("<application name=\"a&#x9B;2Jb&#x85;c&#x7F;\" runtime=\"&#x9B;x\"><platforms>&#x9B;2J</platforms></application>");
        ManifestFuzzTests.AssertReported(result);
        Assert.Contains(result.Diagnostics, d => d.Message.Contains("a\\x9B2Jb\\x85c\\x7F", StringComparison.Ordinal));
        Assert.Contains(result.Diagnostics, d => d.Message.Contains("runtime=\"\\x9Bx\"", StringComparison.Ordinal));
        Assert.Equal(3, result.Diagnostics.Count);
    }

    [Fact]
    public void LongNamesAreCut()
    {
        string name = new string('e', 100_000);
        ManifestLoadResult result = Load($"<application name=\"{name}\"><{name} /><endpoints><{name}>x</{name}></endpoints></application>");
        ManifestFuzzTests.AssertReported(result);
        Assert.All(result.Diagnostics, d => Assert.True(d.Message.Length < 300, d.Message));
        ManifestLoadResult mismatched = Load($"<application name=\"a\"><{name}></{name}x></application>");
        ManifestFuzzTests.AssertReported(mismatched);
    }

    [Fact]
    public void AnEightBitByteInAUsAsciiFileIsRefusedWhereItIs()
    {
        byte[] bytes = Encoding.Latin1.GetBytes("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<application name=\"caf\u00E9\" />\n");
        ManifestLoadResult result = LoadBytes(bytes);
        ManifestFuzzTests.AssertReported(result);
        ManifestDiagnostic d = Assert.Single(result.Diagnostics);
        Assert.Equal((2, 23), (d.Line, d.Column));
        Assert.Contains("byte 0xE9 is not text in US-ASCII", d.Message);
    }

    [Fact]
    public void AnEightBitByteInALatin1FileIsText()
    {
        byte[] bytes = Encoding.Latin1.GetBytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<application name=\"app\"><arguments><argument>caf\u00E9</argument></arguments></application>\n");
        ManifestLoadResult result = LoadBytes(bytes);
        Assert.True(result.IsValid, string.Join("\n", result.Diagnostics));
        Assert.Equal("caf\u00E9", Assert.Single(result.Manifest!.Arguments));
    }

    [Fact]
    public void BadUtf8IsRefusedWhereItIs()
    {
        byte[] bytes = [.. Encoding.UTF8.GetBytes("<application name=\"a\">\n  <arguments><argument>x"), 0xC3, 0x28, .. Encoding.UTF8.GetBytes("</argument></arguments></application>")];
        ManifestDiagnostic d = Assert.Single(LoadBytes(bytes).Diagnostics);
        Assert.Equal(2, d.Line);
        Assert.Contains("byte 0xC3 is not text in UTF-8", d.Message);
    }

    [Theory]
    [InlineData(false, "")]
    [InlineData(true, "")]
    [InlineData(false, "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")]
    public void Utf16WithoutItsByteOrderMarkIsRefused(bool bigEndian, string declaration)
    {
        Encoding utf16 = bigEndian ? Encoding.BigEndianUnicode : Encoding.Unicode;
        ManifestLoadResult result = LoadBytes(utf16.GetBytes(declaration + "<application name=\"app\" />"));
        ManifestFuzzTests.AssertReported(result);
        Assert.Contains("without a byte-order mark", Assert.Single(result.Diagnostics).Message);
    }

    [Fact]
    public void AsciiBytesThatSayUtf16AreRefused()
    {
        ManifestLoadResult result = LoadBytes(Encoding.ASCII.GetBytes("<?xml version=\"1.0\" encoding=\"UTF-16\"?><application name=\"app\" />"));
        ManifestFuzzTests.AssertReported(result);
        Assert.Contains("no byte-order mark", Assert.Single(result.Diagnostics).Message);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Utf16WithItsByteOrderMarkIsRead(bool bigEndian)
    {
        Encoding utf16 = bigEndian ? Encoding.BigEndianUnicode : Encoding.Unicode;
        byte[] bytes = [.. utf16.GetPreamble(), .. utf16.GetBytes("<?xml version=\"1.0\" encoding=\"UTF-16\"?><application name=\"app\" />")];
        Assert.True(LoadBytes(bytes).IsValid);
    }

    [Fact]
    public void AMarkAndADeclarationThatDisagreeAreRefused()
    {
        byte[] bytes = [.. Encoding.UTF8.GetPreamble(), .. Encoding.UTF8.GetBytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><application name=\"app\" />")];
        Assert.Contains("make them agree", Assert.Single(LoadBytes(bytes).Diagnostics).Message);
    }

    [Fact]
    public void AnUnknownEncodingIsRefused()
    {
        ManifestLoadResult result = LoadBytes(Encoding.ASCII.GetBytes("<?xml version=\"1.0\" encoding=\"EBCDIC-&#x9B;\"?><application name=\"app\" />"));
        ManifestFuzzTests.AssertReported(result);
        Assert.Contains("expected UTF-8", Assert.Single(result.Diagnostics).Message);
    }

    [Fact]
    public void WholeFileErrorsArePositionedAtOneOne()
    {
        string dir = Directory.CreateTempSubdirectory("helios-manifest-").FullName;
        try
        {
            string huge = Path.Combine(dir, "huge.xml");
            File.WriteAllBytes(huge, new byte[ManifestLoader.MaxBytes + 1]);
            foreach (string path in new[] { huge, Path.Combine(dir, "missing.xml"), dir })
            {
                ManifestDiagnostic d = Assert.Single(new ManifestLoader().LoadFile(path).Diagnostics);
                Assert.StartsWith($"{path}:1:1: ", d.ToString());
            }
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Theory]
    [InlineData("TcpContract")]
    [InlineData("Helios.Contracts.TcpContract")]
    [InlineData("Helios.Contracts.Net.TcpContract")]
    public void ContractNamesResolveAsTheDocsSay(string name)
    {
        ManifestLoadResult result = Load($"<application name=\"app\"><endpoints><serviceProvider id=\"1\" contractName=\"{name}\" /></endpoints></application>");
        Assert.True(result.IsValid, string.Join("\n", result.Diagnostics));
        // The kernel lets the app register what its manifest declares, under the contract's own name.
        Assert.Null(ServiceProviderRules.MayRegister(result.Manifest!, "/services/app", "TcpContract"));
    }

    [Theory]
    [InlineData("TcpContractX")]
    [InlineData("Helios.Contracts.Nope")]
    [InlineData("TcpContract.Nope")]
    public void UnknownContractNamesAreRefused(string name)
    {
        ManifestLoadResult result = Load($"<application name=\"app\"><endpoints><serviceProvider id=\"1\" contractName=\"{name}\" /></endpoints></application>");
        Assert.Contains("names a contract that does not exist", Assert.Single(result.Diagnostics).Message);
    }

    [Theory]
    [InlineData("<platforms><platform name=\"x\" affinity=\"1\"> </platform></platforms>")]
    [InlineData("<platforms><platform name=\"x\" affinity=\"1\">\n</platform></platforms>")]
    [InlineData("<process image=\"app\">\n\n</process>")]
    [InlineData("<endpoints><serviceProvider id=\"1\" contractName=\"TcpContract\">\t</serviceProvider></endpoints>")]
    public void WhitespaceInAnEmptyElementIsRefusedInOurWords(string inner)
    {
        ManifestLoadResult result = Load($"<application name=\"app\">{inner}</application>");
        ManifestFuzzTests.AssertReported(result);
        Assert.Contains("is empty: write", Assert.Single(result.Diagnostics).Message);
    }
}
