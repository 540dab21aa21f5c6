// System.Xml's error messages, reworded to say what is wrong and what was expected, without the position suffix
// (diagnostics carry the position themselves). Unknown messages pass through unchanged.
using System.Text.RegularExpressions;

namespace Helios.Manifests;

internal static partial class XmlMessages
{
    public static string ForXml(string message)
    {
        message = PositionSuffix().Replace(message, "");
        Match m;
        if (message.StartsWith("Data at the root level is invalid", StringComparison.Ordinal))
            return "this is not XML, or has text before the root element: expected '<?xml version=\"1.0\"?>' or the <application> element";
        if (message.StartsWith("Root element is missing", StringComparison.Ordinal))
            return "the file has no XML element: expected an <application> element";
        if ((m = NotClosed().Match(message)).Success)
        {
            string[] open = m.Groups[1].Value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
            return "the file ends before " + string.Join(", ", open.Select(e => $"<{QuotedText.Show(e)}>")) + (open.Length == 1 ? " is" : " are")
                   + " closed: expected " + string.Join(" then ", open.Select(e => $"</{QuotedText.Show(e)}>"));
        }
        if (message.StartsWith("Unexpected end of file", StringComparison.Ordinal))
            return "the file ends in the middle of markup: " + message;
        if (message.Contains("DTD is prohibited", StringComparison.Ordinal))
            return "DTDs (<!DOCTYPE ...>) are not allowed in a manifest: remove the DOCTYPE declaration";
        if ((m = TagMismatch().Match(message)).Success)
            return $"</{QuotedText.Show(m.Groups[4].Value)}> does not close <{QuotedText.Show(m.Groups[1].Value)}> (opened on line {QuotedText.Show(m.Groups[2].Value)}): expected </{QuotedText.Show(m.Groups[1].Value)}>";
        if (message.StartsWith("There are multiple root elements", StringComparison.Ordinal))
            return "a second top-level element: a manifest has exactly one <application> element";
        if ((m = UndeclaredEntity().Match(message)).Success)
            return $"&{QuotedText.Show(m.Groups[1].Value)}; is not an entity XML knows: expected &lt; &gt; &amp; &quot; &apos; or a character reference such as &#233;";
        if ((m = DuplicateAttribute().Match(message)).Success)
            return $"attribute {QuotedText.Show(m.Groups[1].Value)} appears twice on this element: expected each attribute once";
        if (message.StartsWith("Invalid character in the given encoding", StringComparison.Ordinal))
            return "bytes that are not text in the file's encoding (UTF-8 unless a byte-order mark or the XML declaration says otherwise): expected an XML text file";
        if ((m = InvalidCharacter().Match(message)).Success)
            return $"character {QuotedText.Show(m.Groups[1].Value)} is not allowed in XML: expected text (is this a binary file?)";
        if (message.Contains("MaxCharactersInDocument", StringComparison.Ordinal))
            return $"the manifest has more than {ManifestLoader.MaxCharacters} characters: a manifest is a small file";
        return message;
    }

    public static string ForSchema(string message)
    {
        Match m;
        if ((m = InvalidChild().Match(message)).Success)
            return $"element <{QuotedText.Show(m.Groups[2].Value)}> is not allowed in <{QuotedText.Show(m.Groups[1].Value)}>" + Expected(m.Groups[3]);
        if ((m = IncompleteContent().Match(message)).Success)
            return $"<{QuotedText.Show(m.Groups[1].Value)}> is incomplete" + Expected(m.Groups[2]);
        if ((m = MissingAttribute().Match(message)).Success)
            return $"attribute {QuotedText.Show(m.Groups[1].Value)} is required here";
        if ((m = UndeclaredAttribute().Match(message)).Success)
            return $"unknown attribute {QuotedText.Show(m.Groups[1].Value)}";
        if ((m = InvalidValue().Match(message)).Success)
            return $"{QuotedText.Show(m.Groups[1].Value)}=\"{QuotedText.Show(m.Groups[2].Value)}\" is not a valid {QuotedText.Show(m.Groups[3].Value)}: {Constraint(m.Groups[4].Value)}";
        if ((m = DuplicateKey().Match(message)).Success)
            return $"the value '{QuotedText.Show(m.Groups[1].Value)}' is used twice ({QuotedText.Show(m.Groups[2].Value)}): expected unique values";
        if ((m = TextNotAllowed().Match(message)).Success)
            return $"<{QuotedText.Show(m.Groups[1].Value)}> cannot contain text";
        if ((m = WhitespaceNotAllowed().Match(message)).Success)
            return $"<{QuotedText.Show(m.Groups[1].Value)}> is empty: write <{QuotedText.Show(m.Groups[1].Value)} ... /> with no space or line break between its start and end tags";
        // Not one the rules know how to explain (the corpus tests keep this from happening): still said in our words.
        return "this does not follow the manifest schema (manifests/helios-manifest.xsd): " + (message.Length > 200 ? message[..200] + "..." : message);
    }

    private static string Expected(Group list) =>
        list.Success && list.Value.Length > 0
            ? "; expected " + string.Join(", ", list.Value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(e => $"<{e}>"))
            : "";

    private static string Constraint(string text)
    {
        if (text.Contains("Pattern constraint", StringComparison.Ordinal)) return "it does not have the required form";
        if (text.Contains("MaxInclusive", StringComparison.Ordinal)) return "it is too large";
        if (text.Contains("MinInclusive", StringComparison.Ordinal)) return "it is too small";
        if (text.Contains("Enumeration constraint", StringComparison.Ordinal)) return "it is not one of the allowed values";
        if (text.Contains("actual length is greater", StringComparison.Ordinal)) return "it is too long";
        return text.TrimEnd('.');
    }

    [GeneratedRegex(@"\s*Line \d+, position \d+\.$")]
    private static partial Regex PositionSuffix();

    [GeneratedRegex(@"^Unexpected end of file has occurred\. The following elements are not closed: (.+?)\.?$")]
    private static partial Regex NotClosed();

    [GeneratedRegex(@"^The '(.+?)' start tag on line (\d+) position (\d+) does not match the end tag of '(.+?)'\.")]
    private static partial Regex TagMismatch();

    [GeneratedRegex(@"^Reference to undeclared entity '(.+?)'\.")]
    private static partial Regex UndeclaredEntity();

    [GeneratedRegex(@"^'(.+?)' is a duplicate attribute name\.")]
    private static partial Regex DuplicateAttribute();

    [GeneratedRegex(@"hexadecimal value (0x[0-9A-Fa-f]+), is an invalid character")]
    private static partial Regex InvalidCharacter();

    [GeneratedRegex(@"^The element '(.+?)' has invalid child element '(.+?)'\.(?: List of possible elements expected: '(.+)'\.)?")]
    private static partial Regex InvalidChild();

    [GeneratedRegex(@"^The element '(.+?)' has incomplete content\.(?: List of possible elements expected: '(.+)'\.)?")]
    private static partial Regex IncompleteContent();

    [GeneratedRegex(@"^The required attribute '(.+?)' is missing\.")]
    private static partial Regex MissingAttribute();

    [GeneratedRegex(@"^The '(.+?)' attribute is not declared\.")]
    private static partial Regex UndeclaredAttribute();

    [GeneratedRegex(@"^The '(.+?)' attribute is invalid - The value '(.*?)' is invalid according to its datatype '(.+?)' - (.*)$", RegexOptions.Singleline)]
    private static partial Regex InvalidValue();

    [GeneratedRegex(@"^There is a duplicate key sequence '(.*?)' for the '(.+?)' key or unique identity constraint\.")]
    private static partial Regex DuplicateKey();

    [GeneratedRegex(@"^The element '(.+?)' cannot contain whitespace")]
    private static partial Regex WhitespaceNotAllowed();

    [GeneratedRegex(@"^The element '(.+?)' cannot contain text")]
    private static partial Regex TextNotAllowed();
}
