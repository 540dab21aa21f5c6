// Turns a manifest's bytes into text the way XML 1.0 (§4.3.3, appendix F) says, and refuses what it calls fatal
// errors instead of guessing: the encoding comes from the byte-order mark, else from the XML declaration, else it is
// UTF-8; every byte must be valid in that encoding (a US-ASCII file with an 8-bit byte, bad UTF-8); UTF-16 and UTF-32
// need their byte-order mark; a declaration may not contradict the mark.
using System.Text;
using System.Text.RegularExpressions;

namespace Helios.Manifests;

internal static partial class ManifestEncoding
{
    /// <summary>The text of the manifest, or null with the reason (positioned) in problem.</summary>
    public static string? Decode(byte[] bytes, string file, out ManifestDiagnostic? problem)
    {
        problem = null;
        (Encoding? fromMark, int markLength) = ByteOrderMark(bytes);
        if (fromMark is null && LooksWide(bytes))
        {
            problem = new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Unreadable,
                "the file looks like UTF-16 or UTF-32 without a byte-order mark, which XML 1.0 (§4.3.3) refuses: save it as UTF-8 (or with its byte-order mark)");
            return null;
        }
        string? declared = fromMark is null ? DeclaredEncoding(bytes) : null;
        Encoding encoding = fromMark ?? Encoding.UTF8;
        if (declared is not null)
        {
            Encoding? named = Known(declared);
            if (named is null)
            {
                problem = new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Unreadable,
                    $"the XML declaration names the encoding \"{Cut(declared)}\": expected UTF-8 (or US-ASCII, ISO-8859-1, or UTF-16 with its byte-order mark)");
                return null;
            }
            if (named is UnicodeEncoding or UTF32Encoding)
            {
                problem = new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Unreadable,
                    $"the XML declaration says {Cut(declared)}, but the file has no byte-order mark and its bytes are not {Cut(declared)} (XML 1.0 §4.3.3): save it as UTF-8 and say encoding=\"utf-8\"");
                return null;
            }
            encoding = named;
        }
        if (fromMark is not null)
        {
            // A declaration after a mark must agree with it.
            string? afterMark = DeclaredEncodingIn(Lenient(fromMark).GetString(bytes, markLength, Math.Min(bytes.Length - markLength, 512)));
            if (afterMark is not null && Known(afterMark) is Encoding named && named.CodePage != fromMark.CodePage
                && !(named is UnicodeEncoding && fromMark is UnicodeEncoding))
            {
                problem = new ManifestDiagnostic(file, 1, 1, ManifestErrorCode.Unreadable,
                    $"the byte-order mark says {fromMark.WebName}, but the XML declaration says {Cut(afterMark)}: make them agree (XML 1.0 §4.3.3)");
                return null;
            }
        }
        Encoding strict = Encoding.GetEncoding(encoding.CodePage, EncoderFallback.ExceptionFallback, DecoderFallback.ExceptionFallback);
        try
        {
            return strict.GetString(bytes, markLength, bytes.Length - markLength);
        }
        catch (DecoderFallbackException e)
        {
            int at = markLength + Math.Clamp(e.Index, 0, bytes.Length - markLength);
            // Where the bad byte is: lines and columns of the text before it, as the rest of the check counts them.
            string before = Lenient(encoding).GetString(bytes, markLength, Math.Max(at - markLength, 0));
            int line = 1 + before.Count(c => c == '\n');
            int column = before.Length - (before.LastIndexOf('\n') + 1) + 1;
            byte bad = e.BytesUnknown is { Length: > 0 } unknown ? unknown[0] : bytes[Math.Min(at, bytes.Length - 1)];
            string name = declared is null ? "UTF-8 (no byte-order mark or declaration says otherwise)" : $"{Cut(declared)}, the encoding the XML declaration names";
            problem = new ManifestDiagnostic(file, line, column, ManifestErrorCode.Unreadable, $"byte 0x{bad:X2} is not text in {name}: expected an XML text file in its declared encoding");
            return null;
        }
    }

    private static (Encoding?, int) ByteOrderMark(byte[] b)
    {
        if (b.Length >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0) return (new UTF32Encoding(false, true), 4);
        if (b.Length >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF) return (new UTF32Encoding(true, true), 4);
        if (b.Length >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) return (Encoding.UTF8, 3);
        if (b.Length >= 2 && b[0] == 0xFF && b[1] == 0xFE) return (Encoding.Unicode, 2);
        if (b.Length >= 2 && b[0] == 0xFE && b[1] == 0xFF) return (Encoding.BigEndianUnicode, 2);
        return (null, 0);
    }

    // Appendix F: without a mark, a document starts with '<' or whitespace, so a zero byte among its first four
    // means 16- or 32-bit units.
    private static bool LooksWide(byte[] b)
    {
        for (int i = 0; i < Math.Min(b.Length, 4); i++)
            if (b[i] == 0) return true;
        return false;
    }

    private static string? DeclaredEncoding(byte[] bytes) => DeclaredEncodingIn(Encoding.Latin1.GetString(bytes, 0, Math.Min(bytes.Length, 512)));

    private static string? DeclaredEncodingIn(string start)
    {
        Match m = Declaration().Match(start);
        return m.Success && m.Groups["name"].Success ? m.Groups["name"].Value : null;
    }

    private static Encoding? Known(string name) => name.ToLowerInvariant() switch
    {
        "utf-8" or "utf8" => Encoding.UTF8,
        "us-ascii" or "ascii" => Encoding.ASCII,
        "iso-8859-1" or "latin1" or "iso_8859-1" => Encoding.Latin1,
        "utf-16" or "utf-16le" or "utf-16be" => Encoding.Unicode,
        "utf-32" or "utf-32le" or "utf-32be" => Encoding.UTF32,
        _ => null,
    };

    private static Encoding Lenient(Encoding encoding) => Encoding.GetEncoding(encoding.CodePage);

    private static string Cut(string text) => QuotedText.Show(text);

    [GeneratedRegex(@"^<\?xml\s+version\s*=\s*(?:""[^""]*""|'[^']*')(?:\s+encoding\s*=\s*(?:""(?<name>[^""]*)""|'(?<name>[^']*)'))?", RegexOptions.CultureInvariant)]
    private static partial Regex Declaration();
}
