// Memory sizes as users type them (256, 256M, 2G) and as they read them back.
namespace Helios.Cli.Commands;

internal static class MemorySize
{
    /// <summary>MiB from "256", "256M", "2G"; null when the text is not a positive size.</summary>
    public static long? ParseMiB(string text)
    {
        text = text.Trim();
        long factor = 1;
        if (text.EndsWith('G') || text.EndsWith('g')) { factor = 1024; text = text[..^1]; }
        else if (text.EndsWith('M') || text.EndsWith('m')) { text = text[..^1]; }
        if (!int.TryParse(text, System.Globalization.NumberStyles.None, null, out int value) || value <= 0) return null;
        return value * factor;
    }

    /// <summary>"40M", "2G".</summary>
    public static string Format(long mib) => mib % 1024 == 0 ? $"{mib / 1024}G" : $"{mib}M";
}
