// Reads a manifest: bounded read of the file, XML with line information (no DTDs, no external resources), the XSD,
// then ManifestMapper's rules. Never throws for bad input: everything wrong comes back as diagnostics.
using System.Xml;
using System.Xml.Linq;
using System.Xml.Schema;
using Helios.Kernel.Manifests;
using Helios.Manifests.Contracts;

namespace Helios.Manifests;

public sealed class ManifestLoader
{
    /// <summary>Manifests are small; anything larger is refused before it is parsed.</summary>
    public const int MaxBytes = 1 << 20;
    public const int MaxCharacters = MaxBytes;

    /// <summary>No manifest nests deeper than 3; this is far enough beyond to explain misplaced elements.</summary>
    public const int MaxDepth = 16;

    /// <summary>Enough to fix a file by; the rest are counted.</summary>
    public const int MaxDiagnostics = 100;

    private readonly IContractCatalog? _contracts;

    public ManifestLoader(IContractCatalog? contracts = null)
    {
        _contracts = contracts;
    }

    /// <summary>How long reading a file may take: a named pipe nobody writes to must not hang the check.</summary>
    public TimeSpan ReadTimeout { get; init; } = TimeSpan.FromSeconds(10);

    public ManifestLoadResult LoadFile(string path)
    {
        if (Directory.Exists(path)) return Fail(path, "is a directory: expected a manifest file");
        Task<byte[]> read = Task.Run(() => ReadBounded(path));
        try
        {
            if (!read.Wait(ReadTimeout)) return Fail(path, $"could not be read within {ReadTimeout.TotalSeconds:0} seconds (a pipe nobody writes to?)");
        }
        catch (AggregateException e) when (e.InnerException is FileNotFoundException or DirectoryNotFoundException)
        {
            return Fail(path, "no such file");
        }
        catch (AggregateException e) when (e.InnerException is UnauthorizedAccessException)
        {
            return Fail(path, "cannot be read: permission denied");
        }
        catch (AggregateException e) when (e.InnerException is IOException io)
        {
            return Fail(path, "cannot be read: " + io.Message);
        }
        byte[] bytes = read.Result;
        if (bytes.Length > MaxBytes) return Fail(path, $"is larger than {MaxBytes >> 20} MiB: a manifest is a small XML file");
        return LoadBytes(bytes, path);
    }

    /// <summary>At most one byte past the limit: a device or pipe that never ends cannot make the check read forever.</summary>
    private static byte[] ReadBounded(string path)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, 1, FileOptions.SequentialScan);
        var buffer = new byte[MaxBytes + 1];
        int total = 0, read;
        while (total < buffer.Length && (read = stream.Read(buffer, total, buffer.Length - total)) > 0) total += read;
        return buffer[..total];
    }

    /// <summary>A manifest's bytes; the encoding comes from the byte-order mark or the XML declaration (UTF-8 if neither).</summary>
    public ManifestLoadResult LoadBytes(byte[] bytes, string file)
    {
        if (bytes.Length > MaxBytes) return Fail(file, $"is larger than {MaxBytes >> 20} MiB: a manifest is a small XML file");
        // Decoded here, strictly, rather than by XmlReader, which turns a byte its encoding lacks into '?' and reads
        // UTF-16 without a byte-order mark.
        string? text = ManifestEncoding.Decode(bytes, file, out ManifestDiagnostic? problem);
        if (text is null) return new ManifestLoadResult(null, [problem!]);
        return LoadText(text, file);
    }

    public ManifestLoadResult LoadText(string text, string file) =>
        Load(settings => XmlReader.Create(new StringReader(text), settings), file, () => text);

    private ManifestLoadResult Load(Func<XmlReaderSettings, XmlReader> open, string file, Func<string> text)
    {
        // Pass 1 streams the document through the schema, checking that it is well-formed and not absurdly deep;
        // pass 2 builds the tree the rules walk (XDocument slows down badly with depth, so only sane input gets there).
        var schemaDiagnostics = new List<ManifestDiagnostic>();
        XmlReaderSettings settings = Settings();
        settings.ValidationType = ValidationType.Schema;
        settings.Schemas = ManifestSchema.Schemas;
        settings.ValidationFlags = XmlSchemaValidationFlags.ProcessIdentityConstraints | XmlSchemaValidationFlags.AllowXmlAttributes;
        settings.ValidationEventHandler += (_, e) =>
        {
            if (e.Severity == XmlSeverityType.Error)
                schemaDiagnostics.Add(new ManifestDiagnostic(file, e.Exception.LineNumber, e.Exception.LinePosition, ManifestErrorCode.Schema, QuotedText.Escape(XmlMessages.ForSchema(e.Message))));
        };
        try
        {
            // Creating the reader already reads the encoding, so it can throw too.
            using XmlReader reader = open(settings);
            while (reader.Read())
            {
                if (reader.Depth <= MaxDepth) continue;
                var at = (IXmlLineInfo)reader;
                return new ManifestLoadResult(null, [new ManifestDiagnostic(file, at.LineNumber, at.LinePosition, ManifestErrorCode.NotXml,
                    $"elements nested more than {MaxDepth} deep: a manifest nests three levels (<application>, <endpoints>, <endpoint>)")]);
            }
        }
        catch (XmlException e)
        {
            // A prohibited DTD is reported without a position: point at the DOCTYPE.
            (int line, int column) = e.LineNumber > 0 ? (e.LineNumber, e.LinePosition) : PositionOf(text(), "<!DOCTYPE");
            return new ManifestLoadResult(null, [new ManifestDiagnostic(file, Math.Max(line, 1), Math.Max(column, 1), ManifestErrorCode.NotXml, QuotedText.Escape(XmlMessages.ForXml(e.Message)))]);
        }

        XDocument document;
        using (XmlReader reader = open(Settings()))
            document = XDocument.Load(reader, LoadOptions.SetLineInfo | LoadOptions.PreserveWhitespace);

        var mapper = new ManifestMapper(file, _contracts);
        ApplicationManifest? manifest = mapper.Map(document);
        List<ManifestDiagnostic> diagnostics = mapper.Diagnostics;
        // The rules are stricter than the schema and explain themselves better: a schema error is shown only where
        // the rules found nothing on the same line.
        diagnostics.AddRange(schemaDiagnostics.Where(d => !mapper.CoveredLines.Contains(d.Line)));
        if (diagnostics.Count == 0 && manifest is not null)
        {
            string? problem = ManifestRules.Validate(manifest);
            if (problem is not null) diagnostics.Add(new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Rule, problem));
        }
        if (diagnostics.Count == 0 && manifest is null)
            diagnostics.Add(new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Missing, "not a manifest: expected an <application> element"));

        List<ManifestDiagnostic> sorted = diagnostics.OrderBy(d => d.Line).ThenBy(d => d.Column).ToList();
        if (sorted.Count > MaxDiagnostics)
        {
            int more = sorted.Count - MaxDiagnostics;
            sorted = sorted.Take(MaxDiagnostics).ToList();
            sorted.Add(new ManifestDiagnostic(file, 0, 0, sorted[^1].Code, $"{more} more problems not shown"));
        }
        return new ManifestLoadResult(manifest, sorted);
    }

    /// <summary>Where markup starts in text, outside comments; (1, 1) when it is not found.</summary>
    private static XmlReaderSettings Settings() => new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        MaxCharactersInDocument = MaxCharacters,
        MaxCharactersFromEntities = 0,
        CloseInput = true,
    };

    private static (int Line, int Column) PositionOf(string text, string what)
    {
        int index = 0;
        while (true)
        {
            int found = text.IndexOf(what, index, StringComparison.Ordinal);
            int comment = text.IndexOf("<!--", index, StringComparison.Ordinal);
            if (found < 0) return (1, 1);
            if (comment < 0 || found < comment)
            {
                index = found;
                break;
            }
            int end = text.IndexOf("-->", comment + 4, StringComparison.Ordinal);
            if (end < 0) return (1, 1);
            index = end + 3;
        }
        int lineStart = text.LastIndexOf('\n', Math.Max(index - 1, 0)) + 1;
        return (text.AsSpan(0, index).Count('\n') + 1, index - lineStart + 1);
    }

    // A problem with the whole file is reported at 1:1, so that tools reading "file:line:column:" find it too.
    private static ManifestLoadResult Fail(string file, string message) => new(null, [new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Unreadable, message)]);
}
