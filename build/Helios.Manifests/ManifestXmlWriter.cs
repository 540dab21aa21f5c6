// Writes a manifest model as the XML people edit: indented, every value stated, sections only when they have
// something in them. The app SDK generates an app's first manifest from its metadata through this writer.
using System.Text;
using System.Xml;
using Helios.Kernel.Manifests;

namespace Helios.Manifests;

public static class ManifestXmlWriter
{
    /// <summary>The manifest as XML text; comment, when given, goes first (e.g. where the file came from).
    /// Throws ArgumentException for a manifest ManifestRules refuses.</summary>
    public static string Write(ApplicationManifest manifest, string? comment = null)
    {
        string? problem = ManifestRules.Validate(manifest);
        if (problem is not null) throw new ArgumentException("cannot write an invalid manifest: " + problem, nameof(manifest));

        var text = new StringBuilder();
        var settings = new XmlWriterSettings
        {
            Indent = true,
            IndentChars = "  ",
            NewLineChars = "\n",
            // Keeps a carriage return in an argument as &#xD;, so it reads back as it was written.
            NewLineHandling = NewLineHandling.Entitize,
            Encoding = new UTF8Encoding(false),
            OmitXmlDeclaration = true,
        };
        text.Append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
        using (XmlWriter xml = XmlWriter.Create(text, settings))
        {
            if (comment is not null) xml.WriteComment(" " + comment.Replace("--", "- -") + " ");
            xml.WriteStartElement("application");
            xml.WriteAttributeString("name", manifest.Name);
            xml.WriteAttributeString("runtime", manifest.Runtime.ToString());

            xml.WriteStartElement("process");
            xml.WriteAttributeString("image", manifest.Image);
            xml.WriteAttributeString("heapLimit", ByteSize.Format(manifest.HeapLimit));
            xml.WriteAttributeString("stackSize", ByteSize.Format(manifest.StackSize));
            xml.WriteEndElement();

            if (manifest.Platforms.Count > 0)
            {
                xml.WriteStartElement("platforms");
                foreach (PlatformPreference platform in manifest.Platforms)
                {
                    xml.WriteStartElement("platform");
                    xml.WriteAttributeString("name", platform.Name);
                    xml.WriteAttributeString("affinity", platform.Affinity.ToString(System.Globalization.CultureInfo.InvariantCulture));
                    xml.WriteEndElement();
                }
                xml.WriteEndElement();
            }

            if (manifest.Endpoints.Count > 0)
            {
                xml.WriteStartElement("endpoints");
                foreach (ManifestEndpoint endpoint in manifest.Endpoints)
                {
                    xml.WriteStartElement(EndpointKinds.ElementName(endpoint.Kind));
                    xml.WriteAttributeString("id", endpoint.Id.ToString(System.Globalization.CultureInfo.InvariantCulture));
                    xml.WriteAttributeString("affinity", endpoint.Affinity.ToString(System.Globalization.CultureInfo.InvariantCulture));
                    xml.WriteAttributeString("contractName", endpoint.ContractName);
                    if (endpoint.Path is not null) xml.WriteAttributeString("path", endpoint.Path);
                    xml.WriteEndElement();
                }
                xml.WriteEndElement();
            }

            if (manifest.Arguments.Count > 0)
            {
                xml.WriteStartElement("arguments");
                foreach (string argument in manifest.Arguments) xml.WriteElementString("argument", argument);
                xml.WriteEndElement();
            }

            if (manifest.PciDevices.Count > 0)
            {
                xml.WriteStartElement("hardware");
                foreach (ManifestPciDevice device in manifest.PciDevices)
                {
                    xml.WriteStartElement("pciDevice");
                    xml.WriteAttributeString("vendor", "0x" + device.VendorId.ToString("X4", System.Globalization.CultureInfo.InvariantCulture));
                    xml.WriteAttributeString("device", "0x" + device.DeviceId.ToString("X4", System.Globalization.CultureInfo.InvariantCulture));
                    for (int bar = 0; bar < 6; bar++)
                    {
                        if (!device.GrantsBar(bar)) continue;
                        xml.WriteStartElement("registers");
                        xml.WriteAttributeString("bar", bar.ToString(System.Globalization.CultureInfo.InvariantCulture));
                        xml.WriteEndElement();
                    }
                    for (int vector = 0; vector < 8; vector++)
                    {
                        if (!device.GrantsInterrupt(vector)) continue;
                        xml.WriteStartElement("interrupt");
                        xml.WriteAttributeString("vector", vector.ToString(System.Globalization.CultureInfo.InvariantCulture));
                        xml.WriteEndElement();
                    }
                    xml.WriteEndElement();
                }
                xml.WriteEndElement();
            }
            xml.WriteEndElement();
        }
        return text.Append('\n').ToString();
    }

    public static void WriteFile(string path, ApplicationManifest manifest, string? comment = null) =>
        File.WriteAllText(path, Write(manifest, comment), new UTF8Encoding(false));
}
