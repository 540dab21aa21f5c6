// The XML the writer produces (and so the manifests the app SDK generates): exact text for a full manifest, and
// refusal of an invalid model.
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Xunit;

namespace Helios.Tests.Manifests;

public class ManifestXmlWriterTests
{
    [Fact]
    public void WritesEverySectionIndented()
    {
        string xml = ManifestXmlWriter.Write(ManifestBlobTests.Full(), "generated from Antivirus.dll -- edit freely");
        Assert.Equal("""
            <?xml version="1.0" encoding="utf-8"?>
            <!-- generated from Antivirus.dll - - edit freely -->
            <application name="Antivirus" runtime="Full">
              <process image="Helios.Services.Antivirus" heapLimit="256M" stackSize="128K" />
              <platforms>
                <platform name="x86_64" affinity="10" />
                <platform name="arm64-device" affinity="5" />
              </platforms>
              <endpoints>
                <inputPipe id="0" affinity="0" contractName="PipeContract" />
                <outputPipe id="1" affinity="0" contractName="PipeContract" />
                <endpoint id="2" affinity="-100" contractName="Helios.Contracts.MailStoreContract" path="/services/mailstore" />
                <serviceProvider id="255" affinity="100" contractName="AntivirusContract" path="/services/antivirus" />
              </endpoints>
              <arguments>
                <argument>--signatures</argument>
                <argument />
                <argument>déjà vu 日本 😀	&#xD;
            </argument>
              </arguments>
            </application>

            """.Replace("\r\n", "\n"), xml);
        ManifestAssert.Equal(ManifestBlobTests.Full(), new ManifestLoader().LoadText(xml, "written.xml").Manifest!);
    }

    [Fact]
    public void AMinimalManifestStatesItsDefaults() =>
        Assert.Equal("""
            <?xml version="1.0" encoding="utf-8"?>
            <application name="Hello" runtime="Full">
              <process image="Hello" heapLimit="16M" stackSize="64K" />
            </application>

            """.Replace("\r\n", "\n"), ManifestXmlWriter.Write(new ApplicationManifest("Hello")));

    [Fact]
    public void RefusesAnInvalidModel()
    {
        var e = Assert.Throws<ArgumentException>(() => ManifestXmlWriter.Write(new ApplicationManifest("not a name")));
        Assert.Contains("application name: expected", e.Message);
    }

    [Fact]
    public void WritesAFile()
    {
        string path = Path.Combine(Path.GetTempPath(), $"helios-writer-{Environment.ProcessId}.xml");
        try
        {
            ManifestXmlWriter.WriteFile(path, ManifestBlobTests.Full());
            byte[] bytes = File.ReadAllBytes(path);
            Assert.NotEqual(0xEF, bytes[0]);   // no byte-order mark
            Assert.True(new ManifestLoader().LoadFile(path).IsValid);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
