// Finds the contracts a *.contract file declares ("contract PingPong { ... }", optionally "contract X : Base") with a
// small tokenizer that skips comments and literals. Only names: the contract front end (build/Helios.Contracts) is what
// understands contracts; this is enough to check that a manifest names one that exists.
namespace Helios.Manifests.Contracts;

public static class ContractNameScanner
{
    /// <summary>Every contract name declared in source, and its namespace-qualified name when the file declares a namespace.</summary>
    public static IReadOnlyList<string> Scan(string source)
    {
        var names = new List<string>();
        string? currentNamespace = null;
        List<string> tokens = Tokenize(source);
        for (int i = 0; i < tokens.Count - 1; i++)
        {
            if (tokens[i] == "namespace")
            {
                string qualified = ReadQualifiedName(tokens, i + 1, out int next);
                if (qualified.Length > 0) currentNamespace = qualified;
                i = next - 1;
            }
            else if (tokens[i] == "contract" && IsIdentifier(tokens[i + 1]))
            {
                string name = tokens[i + 1];
                names.Add(name);
                if (currentNamespace is not null) names.Add(currentNamespace + "." + name);
            }
        }
        return names;
    }

    private static string ReadQualifiedName(List<string> tokens, int start, out int next)
    {
        var parts = new List<string>();
        next = start;
        while (next < tokens.Count && IsIdentifier(tokens[next]))
        {
            parts.Add(tokens[next++]);
            if (next < tokens.Count && tokens[next] == ".") next++;
            else break;
        }
        return string.Join(".", parts);
    }

    private static bool IsIdentifier(string token) => token.Length > 0 && (char.IsAsciiLetter(token[0]) || token[0] == '_');

    /// <summary>Identifiers and single punctuation characters; whitespace, comments and literals are dropped.</summary>
    private static List<string> Tokenize(string source)
    {
        var tokens = new List<string>();
        int i = 0;
        while (i < source.Length)
        {
            char c = source[i];
            if (char.IsWhiteSpace(c))
            {
                i++;
            }
            else if (c == '/' && i + 1 < source.Length && source[i + 1] == '/')
            {
                while (i < source.Length && source[i] != '\n') i++;
            }
            else if (c == '/' && i + 1 < source.Length && source[i + 1] == '*')
            {
                int end = source.IndexOf("*/", i + 2, StringComparison.Ordinal);
                i = end < 0 ? source.Length : end + 2;
            }
            else if (c == '"' || c == '\'')
            {
                i++;
                while (i < source.Length && source[i] != c && source[i] != '\n') i += source[i] == '\\' ? 2 : 1;
                i++;
            }
            else if (char.IsAsciiLetter(c) || c == '_')
            {
                int start = i;
                while (i < source.Length && (char.IsAsciiLetterOrDigit(source[i]) || source[i] == '_')) i++;
                tokens.Add(source[start..i]);
            }
            else if (char.IsAsciiDigit(c))
            {
                while (i < source.Length && char.IsAsciiLetterOrDigit(source[i])) i++;
                tokens.Add("0");
            }
            else
            {
                tokens.Add(c.ToString());
                i++;
            }
        }
        return tokens;
    }
}
