// The element, attribute and value checks ManifestMapper applies everywhere: unknown, misplaced and misspelt names,
// text where elements belong, integers and sizes against their rules, and diagnostics at the right position.
using System.Globalization;
using System.Xml;
using System.Xml.Linq;
using Helios.Kernel.Manifests;

namespace Helios.Manifests;

internal sealed partial class ManifestMapper
{
    /// <summary>The element children of element; text other than whitespace is reported (comments are fine).</summary>
    private IEnumerable<XElement> ChildElements(XElement element, string expected)
    {
        foreach (XNode node in element.Nodes())
        {
            if (node is XElement child) yield return child;
            else if (node is XText text && !IsXmlWhitespace(text.Value))
                Error(text, ManifestErrorCode.UnknownElement, $"text \"{Show(text.Value.Trim())}\" is not allowed in <{element.Name.LocalName}>: expected {expected}");
        }
    }

    /// <summary>The element's name when it is one of expected; otherwise reports it (misplaced, misspelt or unknown).</summary>
    private string? Known(XElement element, XElement parent, string[] expected)
    {
        string parentName = parent.Name.LocalName;
        if (element.Name.Namespace != XNamespace.None)
        {
            Error(element, ManifestErrorCode.UnknownElement, $"element <{Display(element)}> is in the XML namespace '{Show(element.Name.NamespaceName)}': manifest elements have no namespace");
            return null;
        }
        string name = element.Name.LocalName;
        if (expected.Contains(name)) return name;
        string shownName = Show(name);
        string list = Join(expected.Select(e => $"<{e}>"), "or");
        if (Parents.TryGetValue(name, out string? home))
        {
            Error(element, ManifestErrorCode.UnknownElement, $"<{shownName}> is not allowed in <{parentName}>: it belongs in <{home}>");
            return null;
        }
        string? suggestion = Suggestions.Closest(name, expected);
        Error(element, ManifestErrorCode.UnknownElement, $"unknown element <{shownName}> in <{parentName}>: expected {list}" + (suggestion is null ? "" : $" (did you mean <{suggestion}>?)"));
        return null;
    }

    private Dictionary<string, XAttribute> Attributes(XElement element, bool isRoot, params string[] allowed)
    {
        var found = new Dictionary<string, XAttribute>(StringComparer.Ordinal);
        foreach (XAttribute attribute in element.Attributes())
        {
            if (attribute.IsNamespaceDeclaration || attribute.Name.Namespace == XmlNs) continue;
            string tag = $"<{element.Name.LocalName}>";
            if (attribute.Name.Namespace == Xsi)
            {
                if (isRoot && attribute.Name.LocalName is "noNamespaceSchemaLocation" or "schemaLocation") continue;
                Error(attribute, ManifestErrorCode.UnknownElement, $"{tag} has an xsi:{Show(attribute.Name.LocalName)} attribute: a manifest may only name its schema, with xsi:noNamespaceSchemaLocation on <application>");
                continue;
            }
            string name = attribute.Name.LocalName;
            if (attribute.Name.Namespace == XNamespace.None && allowed.Contains(name))
            {
                found[name] = attribute;
                continue;
            }
            string shown = Show(attribute.Name.Namespace == XNamespace.None ? name : $"{element.GetPrefixOfNamespace(attribute.Name.Namespace) ?? "{" + attribute.Name.NamespaceName + "}"}:{name}");
            if (allowed.Length == 0)
            {
                Error(attribute, ManifestErrorCode.UnknownElement, $"unknown attribute {shown} on {tag}: expected no attributes");
                continue;
            }
            string? suggestion = attribute.Name.Namespace == XNamespace.None ? Suggestions.Closest(name, allowed) : null;
            Error(attribute, ManifestErrorCode.UnknownElement, $"unknown attribute {shown} on {tag}: expected {Join(allowed, "or")}" + (suggestion is null ? "" : $" (did you mean {suggestion}?)"));
        }
        return found;
    }

    private void CheckEmpty(XElement element)
    {
        foreach (XNode node in element.Nodes())
        {
            if (node is XElement child)
            {
                string? home = Parents.GetValueOrDefault(child.Name.LocalName);
                Error(child, ManifestErrorCode.UnknownElement, $"<{element.Name.LocalName}> has no child elements: found <{Display(child)}>" + (home is null ? "" : $" (it belongs in <{home}>)"));
            }
            else if (node is XText text && !IsXmlWhitespace(text.Value))
            {
                Error(text, ManifestErrorCode.UnknownElement, $"<{element.Name.LocalName}> cannot contain text: found \"{Show(text.Value.Trim())}\"");
            }
            else if (node is XText blank && blank.Value.Length > 0)
            {
                // The schema gives these elements empty content, which allows no whitespace either; said here in
                // our words, on every line the whitespace spans (where the schema may report it).
                Error(element, ManifestErrorCode.UnknownElement, $"<{element.Name.LocalName}> is empty: write <{element.Name.LocalName} ... /> with no space or line break between its start and end tags");
                int first = Line(blank);
                for (int line = first; line <= first + blank.Value.Count(c => c == '\n') + 1; line++) CoveredLines.Add(line);
            }
        }
    }

    /// <summary>Reports a name-like value that breaks its rule; true when it is good.</summary>
    private bool CheckName(XAttribute attribute, string tag, string? problem)
    {
        if (problem is null) return true;
        string what = attribute.Value.Length == 0 ? "is empty" : "is not valid";
        Error(attribute, ManifestErrorCode.BadValue, $"{tag} {attribute.Name.LocalName}=\"{Show(attribute.Value)}\" {what}: expected {problem}");
        return false;
    }

    /// <summary>An integer attribute in xs:int's lexical form, checked against its rule.</summary>
    private bool TryInt(XAttribute attribute, Func<int, string?> rule, out int value)
    {
        // Every rule's range excludes int.MinValue, so this asks it what it expects.
        string expected = rule(int.MinValue)!;
        string tag = $"<{attribute.Parent!.Name.LocalName}> {attribute.Name.LocalName}=\"{Show(attribute.Value)}\"";
        string text = attribute.Value.Trim(' ', '\t', '\r', '\n');
        value = 0;
        if (!long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long wide))
        {
            string digits = text.Length > 0 && text[0] is '+' or '-' ? text[1..] : text;
            bool tooLong = digits.Length > 0 && digits.All(char.IsAsciiDigit);
            Error(attribute, ManifestErrorCode.BadValue, tooLong ? $"{tag} is out of range: expected {expected}" : $"{tag} is not an integer: expected {expected}");
            return false;
        }
        if (wide < int.MinValue || wide > int.MaxValue || rule((int)wide) is not null)
        {
            Error(attribute, ManifestErrorCode.BadValue, $"{tag} is out of range: expected {expected}");
            return false;
        }
        value = (int)wide;
        return true;
    }

    private bool TrySize(XAttribute attribute, Func<ulong, string?> rule, out ulong bytes)
    {
        string tag = $"<{attribute.Parent!.Name.LocalName}> {attribute.Name.LocalName}=\"{Show(attribute.Value)}\"";
        if (!ByteSize.TryParse(attribute.Value, out bytes))
        {
            Error(attribute, ManifestErrorCode.BadValue, $"{tag} is not a size: expected {ByteSize.Syntax}");
            return false;
        }
        string? problem = rule(bytes);
        if (problem is null) return true;
        Error(attribute, ManifestErrorCode.BadValue, $"{tag} is out of range: expected {problem}");
        return false;
    }

    private void Error(XObject where, ManifestErrorCode code, string message)
    {
        var info = (IXmlLineInfo)where;
        int line = info.HasLineInfo() ? info.LineNumber : 0;
        int column = info.HasLineInfo() ? info.LinePosition : 0;
        if (where is XElement && column > 1) column--;   // point at '<', not at the name
        CoveredLines.Add(line);
        if (where is XText text)
        {
            // Point at the text itself, not at the whitespace (often a line break) before it.
            string value = text.Value;
            int skip = value.Length - value.TrimStart(' ', '\t', '\r', '\n').Length;
            int lastBreak = value.LastIndexOf('\n', Math.Max(skip - 1, 0), skip);
            line += value.AsSpan(0, skip).Count('\n');
            column = lastBreak >= 0 ? skip - lastBreak : column + skip;
        }
        CoveredLines.Add(line);
        Diagnostics.Add(new ManifestDiagnostic(_file, line, column, code, message));
    }

    private static int Line(XObject where) => ((IXmlLineInfo)where).LineNumber;

    private static string Display(XElement element)
    {
        string? prefix = element.GetPrefixOfNamespace(element.Name.Namespace);
        return Show(string.IsNullOrEmpty(prefix) ? element.Name.LocalName : $"{prefix}:{element.Name.LocalName}");
    }

    /// <summary>A value or name as messages quote it (QuotedText): cut short, control characters escaped.</summary>
    private static string Show(string value) => QuotedText.Show(value);

    private static string Join(IEnumerable<string> items, string conjunction)
    {
        string[] list = items.ToArray();
        return list.Length <= 1 ? string.Concat(list) : string.Join(", ", list[..^1]) + $" {conjunction} " + list[^1];
    }

    private static bool IsXmlWhitespace(string text) => text.All(c => c is ' ' or '\t' or '\r' or '\n');
}
