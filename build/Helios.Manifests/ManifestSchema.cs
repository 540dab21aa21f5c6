// manifests/helios-manifest.xsd, embedded in this assembly and compiled once.
using System.Xml;
using System.Xml.Schema;

namespace Helios.Manifests;

public static class ManifestSchema
{
    private static readonly Lazy<XmlSchemaSet> s_schemas = new(Compile);

    /// <summary>The compiled schema set (shared; do not modify).</summary>
    public static XmlSchemaSet Schemas => s_schemas.Value;

    /// <summary>The schema's text, as shipped in manifests/.</summary>
    public static string Text
    {
        get
        {
            using Stream stream = OpenResource();
            using var reader = new StreamReader(stream);
            return reader.ReadToEnd();
        }
    }

    private static XmlSchemaSet Compile()
    {
        var set = new XmlSchemaSet { XmlResolver = null };
        using Stream stream = OpenResource();
        using XmlReader reader = XmlReader.Create(stream, new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null });
        set.Add(null, reader);
        set.Compile();
        return set;
    }

    private static Stream OpenResource() =>
        typeof(ManifestSchema).Assembly.GetManifestResourceStream("helios-manifest.xsd")
        ?? throw new InvalidOperationException("helios-manifest.xsd is not embedded in Helios.Manifests");
}
