// The side-by-side table: each Helios figure with its Linux counterpart (BenchPairs) and the ratio Helios ÷ Linux of
// the medians and of the minimums. Only figures of the same ISA and unit are compared.
namespace Helios.Tooling.Bench;

/// <param name="Linux">The Linux figure paired with this Helios one, or null (no pair, or Linux did not report it).</param>
/// <param name="LinuxName">The paired Linux name, or null when Helios's figure has no Linux counterpart.</param>
/// <param name="Problem">Why no ratio could be computed although both figures exist (their units differ).</param>
public sealed record BenchComparisonRow(BenchResult Helios, string? LinuxName, BenchResult? Linux, double? Target, string? Problem)
{
    /// <summary>Helios median ÷ Linux median; below 1 means Helios does the work in fewer ticks, or for a rate that it is slower.</summary>
    public double? MedianRatio => Comparable ? Ratio(Helios.Median, Linux!.Median) : null;

    public double? MinRatio => Comparable ? Ratio(Helios.Min, Linux!.Min) : null;

    /// <summary>True or false against the target (a ceiling for a cost, a floor for a rate); null when there is no target or no ratio.</summary>
    public bool? MeetsTarget => Target is double t && MedianRatio is double r ? (IsRate ? r >= t : r <= t) : null;

    /// <summary>A rate (more is better), whose target is a floor.</summary>
    public bool IsRate => BenchResult.IsRate(Helios.Unit);

    private bool Comparable => Linux is not null && Problem is null;

    private static double Ratio(ulong helios, ulong linux) => linux == 0 ? double.PositiveInfinity : (double)helios / linux;
}

public static class BenchComparison
{
    /// <summary>One row per Helios figure, in Helios's order.</summary>
    public static IReadOnlyList<BenchComparisonRow> Build(IEnumerable<BenchResult> helios, IEnumerable<BenchResult> linux)
    {
        var linuxByName = new Dictionary<string, BenchResult>(StringComparer.Ordinal);
        foreach (BenchResult result in linux) linuxByName.TryAdd(result.Name, result);
        var rows = new List<BenchComparisonRow>();
        foreach (BenchResult h in helios)
        {
            BenchPair? pair = BenchPairs.ForHelios(h.Name);
            BenchResult? l = pair is not null && linuxByName.TryGetValue(pair.Linux, out BenchResult? found) ? found : null;
            string? problem = l is not null && l.Unit != h.Unit
                ? $"units differ: Helios counts {BenchResult.UnitName(h.Unit)}, Linux {BenchResult.UnitName(l.Unit)}"
                : null;
            rows.Add(new BenchComparisonRow(h, pair?.Linux, l, pair?.Target, problem));
        }
        return rows;
    }
}
