// Cuts text quoted in a diagnostic or a state's name to a readable length, so that no input, however long its names,
// makes a long report. The mark is ASCII: state names travel in the kernel's contract declarations, which take
// printable ASCII only (src/Channels/ContractDeclaration.cs).
namespace Helios.Contracts.Text;

public static class DisplayText
{
    /// <summary>Characters of a name or token a diagnostic quotes; the rest is replaced by "...".</summary>
    public const int MaxQuoted = 48;

    public static string Cut(string text, int max = MaxQuoted)
    {
        if (text.Length <= max) return text;
        // Never cut a surrogate pair in half.
        int keep = max;
        if (char.IsHighSurrogate(text[keep - 1])) keep--;
        return text.Substring(0, keep) + "...";
    }
}
