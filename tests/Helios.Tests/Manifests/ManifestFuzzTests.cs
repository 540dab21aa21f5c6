// Mutated and hostile input never gets anything out of the manifest code but diagnostics (XML) or
// ManifestFormatException (blobs): no other exception, no hang, no crash. Seeds are fixed, so a failure reproduces.
using System.Text;
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Helios.Manifests.Contracts;
using Xunit;

namespace Helios.Tests.Manifests;

public class ManifestFuzzTests
{
    private static readonly string[] Tokens =
    [
        "<", ">", "/>", "</", "=", "\"", "'", "&", "&amp;", "&#x0;", "&#xD800;", "<!--", "-->", "<![CDATA[", "]]>", "<?", "?>",
        "<!DOCTYPE a [<!ENTITY e \"x\">]>", "&e;", "xmlns=\"urn:x\"", "xmlns:p=\"urn:p\"", "p:", "application", "endpoints",
        "endpoint", "inputPipe", "outputPipe", "serviceProvider", "platforms", "platform", "arguments", "argument", "process",
        "id=\"", "affinity=\"", "contractName=\"", "path=\"", "name=\"", "heapLimit=\"", "-1", "256", "99999999999", "16M",
        "\u0000", "\uFFFE", "\uD800", "\u00E9", "\U0001F600", "\r\n", " ", "\t",
    ];

    [Fact]
    public void MutatedXmlOnlyEverGivesDiagnostics()
    {
        var random = new Random(20240501);
        var catalog = ContractDirectoryCatalog.Load(TestData.Manifests("contracts"));
        var loader = new ManifestLoader(catalog);
        byte[][] seeds = Directory.GetFiles(TestData.Manifests("valid"), "*.xml").Order().Select(File.ReadAllBytes).ToArray();
        int valid = 0;
        for (int iteration = 0; iteration < 4000; iteration++)
        {
            byte[] input = Mutate(seeds[random.Next(seeds.Length)], random);
            ManifestLoadResult result = loader.LoadBytes(input, "fuzz.xml");
            if (result.IsValid)
            {
                valid++;
                Assert.Null(ManifestRules.Validate(result.Manifest!));
                ManifestAssert.Equal(result.Manifest!, ManifestBlobReader.Read(ManifestBlobWriter.Write(result.Manifest!)));
                ManifestAssert.Equal(result.Manifest!, loader.LoadText(ManifestXmlWriter.Write(result.Manifest!), "again.xml").Manifest!);
                continue;
            }
            AssertReported(result);
        }
        // Some mutations (inside comments, whitespace) keep the manifest valid; most must not.
        Assert.InRange(valid, 1, 3000);
    }

    /// <summary>
    /// A refusal as every one must be: positioned (file:line:column, the count of problems not shown aside), in the
    /// project's words (never a raw schema message), short, and free of control characters a terminal would obey.
    /// </summary>
    internal static void AssertReported(ManifestLoadResult result)
    {
        Assert.NotEmpty(result.Diagnostics);
        foreach (ManifestDiagnostic d in result.Diagnostics)
        {
            Assert.False(string.IsNullOrWhiteSpace(d.Message));
            bool summary = d.Message.EndsWith("more problems not shown", StringComparison.Ordinal);
            Assert.True(summary || (d.Line >= 1 && d.Column >= 1), d.ToString());
            Assert.DoesNotContain("schema:", d.Message);
            Assert.True(d.Message.Length < 600, d.Message[..Math.Min(200, d.Message.Length)]);
            Assert.DoesNotContain(d.Message, c => c < ' ' || (c >= '\u007F' && c <= '\u009F'));
        }
    }

    // Values an attacker puts in a manifest: terminal escapes (C0, DEL, C1), long text, bidirectional overrides,
    // markup-looking text, surrogates.
    private static readonly string[] HostileValues =
    [
        "&#x9B;31m", "&#x1B;[2J", "&#x7F;", "&#x85;", "&#x80;", "&#x9F;", "a&#x9B;b", "\u202Eevil", new string('n', 5000), "",
        "&#xD7FF;", "&#x10FFFF;", "x\ty", "x&#10;y", "&amp;&lt;", "Helios.Contracts.TcpContract", "Nope.TcpContract", "TcpContract",
        "Helios..Tcp", ".Tcp", "Tcp.", "/services/x", "/a/../b", "64K", "99999999999999999999", "-0", "+7", " 3 ",
    ];

    private static readonly string[] Encodings = ["", " encoding=\"utf-8\"", " encoding=\"US-ASCII\"", " encoding=\"ISO-8859-1\"", " encoding=\"UTF-16\"", " encoding=\"ebcdic\""];

    [Fact]
    public void GeneratedHostileManifestsOnlyEverGiveDiagnostics()
    {
        var random = new Random(19);
        var loader = new ManifestLoader(ContractDirectoryCatalog.Load(TestData.Manifests("contracts")));
        int valid = 0;
        for (int iteration = 0; iteration < 6000; iteration++)
        {
            string V() => HostileValues[random.Next(HostileValues.Length)];
            var xml = new StringBuilder($"<?xml version=\"1.0\"{Encodings[random.Next(Encodings.Length)]}?>\n<application name=\"{(random.Next(2) == 0 ? "app" : V())}\">\n");
            if (random.Next(2) == 0) xml.Append($"  <process heapLimit=\"{V()}\" />\n");
            if (random.Next(2) == 0) xml.Append($"  <platforms><platform name=\"{V()}\" affinity=\"{V()}\">{(random.Next(3) == 0 ? " " : "")}</platform></platforms>\n");
            xml.Append("  <endpoints>\n");
            for (int e = random.Next(0, 3); e > 0; e--)
                xml.Append($"    <serviceProvider id=\"{e}\" contractName=\"{V()}\" path=\"{V()}\" />\n");
            xml.Append("  </endpoints>\n  <arguments>");
            for (int a = random.Next(0, 3); a > 0; a--) xml.Append($"<argument>{V()}</argument>");
            xml.Append("</arguments>\n</application>\n");
            // Bytes as an editor might save them: UTF-8, Latin-1 (an 8-bit byte for é), or UTF-16 with or without its mark.
            string text = xml.ToString();
            byte[] bytes = random.Next(4) switch
            {
                0 => Encoding.Latin1.GetBytes(text.Replace("app", "\u00E9pp")),
                1 => Encoding.Unicode.GetBytes(text),
                2 => [.. Encoding.Unicode.GetPreamble(), .. Encoding.Unicode.GetBytes(text)],
                _ => Encoding.UTF8.GetBytes(text),
            };
            ManifestLoadResult result = loader.LoadBytes(bytes, "hostile.xml");
            if (result.IsValid)
            {
                valid++;
                Assert.Null(ManifestRules.Validate(result.Manifest!));
                foreach (string argument in result.Manifest!.Arguments)
                    Assert.DoesNotContain(argument, c => (c < ' ' && c != '\t' && c != '\n' && c != '\r') || (c >= '\u007F' && c <= '\u009F'));
                continue;
            }
            AssertReported(result);
        }
        Assert.InRange(valid, 1, 5999);
    }

    [Fact]
    public void MutatedBlobsOnlyEverThrowManifestFormatException()
    {
        var random = new Random(7);
        byte[][] seeds = [ManifestBlobWriter.Write(ManifestBlobTests.Full()), Helios.Kernel.Tests.Kernel.ManifestGoldenBlob.Figure2];
        int decoded = 0;
        for (int iteration = 0; iteration < 20000; iteration++)
        {
            byte[] blob = Mutate(seeds[iteration % seeds.Length], random);
            // Half the time make the header agree with the damage, so the body decoder is what gets tested.
            if (blob.Length >= ManifestBlobFormat.HeaderSize && random.Next(2) == 0) ManifestBlobTests.Reseal(blob);
            Assert.Equal(ManifestBlobReader.TryRead(blob, out ApplicationManifest m, out string error), m is not null);
            try
            {
                ApplicationManifest manifest = ManifestBlobReader.Read(blob);
                Assert.Null(ManifestRules.Validate(manifest));
                decoded++;
            }
            catch (ManifestFormatException e)
            {
                Assert.Equal(error, e.Message);
                Assert.StartsWith("manifest blob ", e.Message);
            }
        }
        Assert.True(decoded < 20000);
    }

    [Fact]
    public void DeepNestingIsRefusedQuickly()
    {
        const int depth = 200_000;
        var text = new StringBuilder("<application name=\"Deep\"><endpoints>");
        for (int i = 0; i < depth; i++) text.Append("<a>");
        for (int i = 0; i < depth; i++) text.Append("</a>");
        text.Append("</endpoints></application>");
        var timer = System.Diagnostics.Stopwatch.StartNew();
        ManifestLoadResult result = new ManifestLoader().LoadText(text.ToString(), "deep.xml");
        ManifestDiagnostic deep = Assert.Single(result.Diagnostics);
        Assert.Equal((1, 83), (deep.Line, deep.Column));   // the 17th level: the 16th <a>
        Assert.StartsWith("elements nested more than 16 deep", deep.Message);

        ManifestLoadResult unclosed = new ManifestLoader().LoadText("<application name=\"Deep\">" + string.Concat(Enumerable.Repeat("<a>", depth)), "unclosed.xml");
        Assert.StartsWith("elements nested more than 16 deep", Assert.Single(unclosed.Diagnostics).Message);
        // Catches work that grows with the depth, not slowness: generous, since CI machines are shared (testing.md).
        Assert.True(timer.Elapsed < TimeSpan.FromSeconds(60), $"took {timer.Elapsed}");

        // Sixteen levels are still parsed, and explained by the rules.
        string sixteen = "<application name=\"Deep\"><endpoints>" + string.Concat(Enumerable.Repeat("<a>", 14)) + string.Concat(Enumerable.Repeat("</a>", 14)) + "</endpoints></application>";
        Assert.Contains("unknown element <a> in <endpoints>", Assert.Single(new ManifestLoader().LoadText(sixteen, "ok.xml").Diagnostics).Message);
    }

    [Fact]
    public void HugeInputIsRefusedBeforeParsing()
    {
        byte[] huge = new byte[ManifestLoader.MaxBytes + 1];
        ManifestLoadResult result = new ManifestLoader().LoadBytes(huge, "huge.xml");
        Assert.Contains("larger than 1 MiB", Assert.Single(result.Diagnostics).Message);

        string path = Path.Combine(Path.GetTempPath(), $"helios-huge-{Environment.ProcessId}.xml");
        try
        {
            File.WriteAllText(path, "<application name=\"Big\"><arguments><argument>" + new string('x', 2 << 20) + "</argument></arguments></application>");
            Assert.Contains("larger than 1 MiB", Assert.Single(new ManifestLoader().LoadFile(path).Diagnostics).Message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void APipeNobodyWritesToTimesOut()
    {
        string fifo = Path.Combine(Path.GetTempPath(), $"helios-fifo-{Environment.ProcessId}");
        if (!OperatingSystem.IsLinux() || System.Diagnostics.Process.Start("mkfifo", fifo) is not { } mkfifo) return;
        mkfifo.WaitForExit();
        try
        {
            var loader = new ManifestLoader { ReadTimeout = TimeSpan.FromSeconds(1) };
            Assert.Contains("could not be read within 1 seconds", Assert.Single(loader.LoadFile(fifo).Diagnostics).Message);
        }
        finally
        {
            File.Delete(fifo);
        }
    }

    [Fact]
    public void ThousandsOfProblemsAreCappedWithACount()
    {
        var text = new StringBuilder("<application name=\"Many\"><endpoints>");
        for (int i = 0; i < 1000; i++) text.Append($"<endpoint id=\"{i}\" affinity=\"500\" contractName=\"TcpContract\"/>\n");
        text.Append("</endpoints></application>");
        ManifestLoadResult result = new ManifestLoader().LoadText(text.ToString(), "many.xml");
        Assert.Equal(ManifestLoader.MaxDiagnostics + 1, result.Diagnostics.Count);
        Assert.Matches(@"^\d+ more problems not shown$", result.Diagnostics[^1].Message);
    }

    [Fact]
    public void TooManyEndpointsAndArgumentsAreCounted()
    {
        var text = new StringBuilder("<application name=\"Many\"><endpoints>");
        for (int i = 0; i < 257; i++) text.Append($"<endpoint id=\"{i % 256}\" contractName=\"TcpContract\"/>\n");
        text.Append("</endpoints><arguments>");
        for (int i = 0; i < 257; i++) text.Append("<argument>x</argument>\n");
        text.Append("</arguments></application>");
        ManifestLoadResult result = new ManifestLoader().LoadText(text.ToString(), "many.xml");
        Assert.Contains(result.Diagnostics, d => d.Message.StartsWith("more than 256 endpoints"));
        Assert.Contains(result.Diagnostics, d => d.Message.StartsWith("more than 256 arguments"));
        Assert.Contains(result.Diagnostics, d => d.Message.Contains("id=\"0\" is already used"));
    }

    private static byte[] Mutate(byte[] seed, Random random)
    {
        var bytes = new List<byte>(seed);
        int mutations = 1 + random.Next(4);
        for (int m = 0; m < mutations; m++)
        {
            int at = bytes.Count == 0 ? 0 : random.Next(bytes.Count);
            switch (random.Next(6))
            {
                case 0 when bytes.Count > 0:
                    bytes[at] = (byte)random.Next(256);
                    break;
                case 1 when bytes.Count > 0:
                    bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(16)));
                    break;
                case 2:
                    bytes.InsertRange(at, Encoding.UTF8.GetBytes(Tokens[random.Next(Tokens.Length)]));
                    break;
                case 3 when bytes.Count > 0:
                    int length = Math.Min(bytes.Count - at, 1 + random.Next(64));
                    bytes.InsertRange(random.Next(bytes.Count), bytes.GetRange(at, length));
                    break;
                case 4:
                    bytes.RemoveRange(at, bytes.Count - at);
                    break;
                default:
                    bytes.Insert(at, (byte)random.Next(256));
                    break;
            }
        }
        return bytes.ToArray();
    }
}
