// The manifest corpus (tests/Manifests): every invalid manifest is rejected with the messages and lines it states in
// its "expect <line>: <message fragment>" comment and nothing else; every valid one loads, and survives the trip
// through the XML writer and the binary codec unchanged. The schema is checked against the rules in both directions.
using System.Text.RegularExpressions;
using System.Xml;
using System.Xml.Schema;
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Manifests.Contracts;
using Xunit;

namespace Helios.Tests.Manifests;

public partial class ManifestCorpusTests
{
    private static readonly ContractDirectoryCatalog Contracts = ContractDirectoryCatalog.Load(TestData.Manifests("contracts"));

    public static TheoryData<string> Invalid => Files("invalid");

    public static TheoryData<string> Valid => Files("valid");

    [Fact]
    public void TheCorpusIsLargeEnough()
    {
        Assert.True(Invalid.Count >= 35, $"{Invalid.Count} invalid manifests");
        Assert.True(Valid.Count >= 5, $"{Valid.Count} valid manifests");
    }

    [Theory]
    [MemberData(nameof(Invalid))]
    public void InvalidManifestIsRejectedWithItsMessage(string name)
    {
        string path = Path.Combine(TestData.Manifests("invalid"), name);
        List<(int Line, string Code, string Fragment)> expected = Expectations(File.ReadAllText(path));
        Assert.NotEmpty(expected);

        ManifestLoadResult result = new ManifestLoader(Contracts).LoadFile(path);

        Assert.False(result.IsValid);
        Assert.Null(result.Manifest);
        string all = string.Join("\n", result.Diagnostics);
        foreach ((int line, string code, string fragment) in expected)
            Assert.True(result.Diagnostics.Any(d => d.Line == line && d.Message.Contains(fragment, StringComparison.Ordinal) && (code is null || d.Code.Code() == code)),
                $"expected line {line}: {code} {fragment}\ngot:\n{all}");
        Assert.True(expected.Count == result.Diagnostics.Count, $"expected {expected.Count} diagnostics, got:\n{all}");
        foreach (ManifestDiagnostic d in result.Diagnostics)
        {
            Assert.StartsWith($"{path}:{d.Line}:{d.Column}: {d.Code.Code()}: ", d.ToString());
            Assert.StartsWith($"{path}({d.Line},{d.Column}): error {d.Code.Code()}: ", d.ToMsBuildError());
        }
    }

    [Theory]
    [MemberData(nameof(Valid))]
    public void ValidManifestLoadsAndRoundTrips(string name)
    {
        string path = Path.Combine(TestData.Manifests("valid"), name);
        ManifestLoadResult result = new ManifestLoader(Contracts).LoadFile(path);
        Assert.True(result.IsValid, string.Join("\n", result.Diagnostics));
        ApplicationManifest manifest = result.Manifest!;

        string xml = ManifestXmlWriter.Write(manifest);
        ManifestLoadResult again = new ManifestLoader(Contracts).LoadText(xml, name + " (rewritten)");
        Assert.True(again.IsValid, xml + "\n" + string.Join("\n", again.Diagnostics));
        ManifestAssert.Equal(manifest, again.Manifest!);
        Assert.Equal(xml, ManifestXmlWriter.Write(again.Manifest!));

        ManifestAssert.Equal(manifest, ManifestBlobReader.Read(ManifestBlobWriter.Write(manifest)));
    }

    /// <summary>The schema is not stricter than the rules: it accepts every valid manifest on its own.</summary>
    [Theory]
    [MemberData(nameof(Valid))]
    public void TheSchemaAloneAcceptsEveryValidManifest(string name)
    {
        List<string> errors = SchemaErrors(Path.Combine(TestData.Manifests("valid"), name), out _);
        Assert.Empty(errors);
    }

    /// <summary>The rules are not looser than the schema: wherever the schema finds an error, they report one on that line.</summary>
    [Theory]
    [MemberData(nameof(Invalid))]
    public void TheRulesCatchEverythingTheSchemaCatches(string name)
    {
        string path = Path.Combine(TestData.Manifests("invalid"), name);
        List<string> errors = SchemaErrors(path, out List<int> lines);
        ManifestLoadResult result = new ManifestLoader(Contracts).LoadFile(path);
        for (int i = 0; i < lines.Count; i++)
        {
            // The schema reports text where its node starts, the rules where the text itself does (after whitespace).
            bool text = errors[i].Contains("cannot contain text", StringComparison.Ordinal);
            Assert.True(result.Diagnostics.Any(d => d.Line == lines[i] || (text && d.Line > lines[i] && d.Message.Contains("text", StringComparison.Ordinal))),
                $"the schema found a problem on line {lines[i]} that the rules did not: {errors[i]}");
        }
    }

    [Fact]
    public void Figure2HasThePapersValuesAndTheDocumentedDefaults()
    {
        ManifestLoadResult result = new ManifestLoader().LoadFile(Path.Combine(TestData.Manifests("valid"), "figure2.xml"));
        ApplicationManifest m = result.Manifest!;
        Assert.Equal("TcpTest", m.Name);
        Assert.Equal(ManifestRuntime.Full, m.Runtime);
        Assert.Equal("TcpTest", m.Image);
        Assert.Equal(16UL << 20, m.HeapLimit);
        Assert.Equal(64UL << 10, m.StackSize);
        Assert.Empty(m.Platforms);
        Assert.Empty(m.Arguments);
        Assert.Equal(2, m.Endpoints.Count);
        Assert.Equal((EndpointKind.InputPipe, 0, 0, "PipeContract", (string)null), (m.Endpoints[0].Kind, m.Endpoints[0].Id, m.Endpoints[0].Affinity, m.Endpoints[0].ContractName, m.Endpoints[0].Path));
        Assert.Equal((EndpointKind.Endpoint, 2, -1, "TcpContract", (string)null), (m.Endpoints[1].Kind, m.Endpoints[1].Id, m.Endpoints[1].Affinity, m.Endpoints[1].ContractName, m.Endpoints[1].Path));
    }

    [Fact]
    public void EveryElementIsRead()
    {
        ApplicationManifest m = new ManifestLoader(Contracts).LoadFile(Path.Combine(TestData.Manifests("valid"), "every-element.xml")).Manifest!;
        Assert.Equal("Mail.Store_2", m.Image);
        Assert.Equal(1UL << 30, m.HeapLimit);
        Assert.Equal(16UL << 10, m.StackSize);
        Assert.Equal(new[] { ("x86_64", 100), ("arm64-device", 1), ("8086", 50) }, m.Platforms.Select(p => (p.Name, p.Affinity)));
        Assert.Equal(new[] { 7, 4, 5, 6, 255, 0 }, m.Endpoints.Select(e => e.Id));
        Assert.Equal(new[] { 3, 2, 100, -100, 0, 0 }, m.Endpoints.Select(e => e.Affinity));
        Assert.Equal("/services/mail.store-2", m.Endpoints[0].Path);
        Assert.Null(m.Endpoints[1].Path);
        Assert.Equal(new[] { "--root", "/fs/mail", "", " spaced value ", "<&> été 日本 \U0001F600", "<raw> & text" }, m.Arguments);
    }

    [Fact]
    public void AServiceProviderWithoutAPathIsAdvertisedUnderServices()
    {
        ApplicationManifest m = new ManifestLoader(Contracts).LoadFile(Path.Combine(TestData.Manifests("valid"), "antivirus.xml")).Manifest!;
        ManifestEndpoint provider = m.Endpoints.Single(e => e.Kind == EndpointKind.ServiceProvider);
        Assert.Equal("/services/Antivirus", provider.Path);
        Assert.Equal(-1, provider.Affinity);
    }

    private static List<string> SchemaErrors(string path, out List<int> lines)
    {
        var errors = new List<string>();
        var errorLines = new List<int>();
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null, ValidationType = ValidationType.Schema, Schemas = ManifestSchema.Schemas };
        settings.ValidationEventHandler += (_, e) =>
        {
            if (e.Severity != XmlSeverityType.Error) return;
            errors.Add($"{e.Exception.LineNumber}: {e.Message}");
            errorLines.Add(e.Exception.LineNumber);
        };
        try
        {
            using XmlReader reader = XmlReader.Create(path, settings);
            while (reader.Read()) { }
        }
        catch (XmlException)
        {
            // Not well-formed: the loader reports that itself, at the parser's position.
        }
        lines = errorLines;
        return errors;
    }

    /// <summary>"expect LINE: text" or "expect LINE HMnnnn: text": a diagnostic on that line saying that (with that code).</summary>
    private static List<(int, string, string)> Expectations(string text) =>
        ExpectRegex().Matches(text).Select(m => (int.Parse(m.Groups[1].Value), m.Groups[2].Success ? m.Groups[2].Value : null, m.Groups[3].Value.TrimEnd())).ToList();

    private static TheoryData<string> Files(string folder)
    {
        var data = new TheoryData<string>();
        foreach (string file in Directory.GetFiles(TestData.Manifests(folder), "*.xml").Order(StringComparer.Ordinal)) data.Add(Path.GetFileName(file));
        return data;
    }

    [GeneratedRegex(@"expect (\d+)(?: (HM\d{4}))?: (.*?)(?= -->|\r?\n|$)")]
    private static partial Regex ExpectRegex();
}
