// How a diagnostic quotes text from a manifest: cut to a readable length, control characters (C0, DEL and C1, such
// as U+009B, a terminal's escape) written as \xNN, so that no manifest can put a terminal escape on a console.
namespace Helios.Manifests;

internal static class QuotedText
{
    /// <summary>Characters of a value or name a message quotes.</summary>
    public const int MaxShown = 40;

    public static string Show(string value) => Escape(value.Length > MaxShown ? value[..(MaxShown - 3)] + "..." : value);

    /// <summary>Text with its control characters written as \xNN, whatever its length.</summary>
    public static string Escape(string shown)
    {
        var text = new System.Text.StringBuilder(shown.Length);
        foreach (char c in shown)
        {
            if (c < ' ' || (c >= '\u007F' && c <= '\u009F')) text.Append($"\\x{(int)c:X2}");
            else text.Append(c);
        }
        return text.ToString();
    }
}
