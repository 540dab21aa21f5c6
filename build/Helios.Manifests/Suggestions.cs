// "Did you mean ...?" for misspelt element and attribute names: the closest expected name within a small edit distance.
namespace Helios.Manifests;

internal static class Suggestions
{
    public static string? Closest(string name, IEnumerable<string> candidates)
    {
        string? best = null;
        int bestDistance = int.MaxValue;
        foreach (string candidate in candidates)
        {
            int distance = string.Equals(name, candidate, StringComparison.OrdinalIgnoreCase) ? 0 : Distance(name, candidate);
            if (distance < bestDistance)
            {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best is not null && bestDistance <= Math.Max(1, Math.Min(2, best.Length / 3)) ? best : null;
    }

    /// <summary>Edit distance counting a swap of neighbours as one edit (optimal string alignment); a large value for
    /// long strings, which are not typos of short names.</summary>
    private static int Distance(string a, string b)
    {
        if (a.Length > 64 || b.Length > 64) return int.MaxValue;
        var d = new int[a.Length + 1, b.Length + 1];
        for (int i = 0; i <= a.Length; i++) d[i, 0] = i;
        for (int j = 0; j <= b.Length; j++) d[0, j] = j;
        for (int i = 1; i <= a.Length; i++)
        {
            for (int j = 1; j <= b.Length; j++)
            {
                int cost = a[i - 1] == b[j - 1] ? 0 : 1;
                d[i, j] = Math.Min(d[i - 1, j - 1] + cost, Math.Min(d[i - 1, j] + 1, d[i, j - 1] + 1));
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i, j] = Math.Min(d[i, j], d[i - 2, j - 2] + 1);
            }
        }
        return d[a.Length, b.Length];
    }
}
