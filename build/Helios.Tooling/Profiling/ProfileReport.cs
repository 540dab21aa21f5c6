// The text `./helios bench ... --profile` prints after the RESULT lines: for each timed case, the functions that ran
// the most instructions in its window, with their kernel, their share, and what that share of the case's median is per
// operation. Every line starts with '#', so a saved output still parses as RESULT lines (helios bench compare).
using System.Globalization;
using Helios.Tooling.Bench;

namespace Helios.Tooling.Profiling;

public static class ProfileReport
{
    /// <summary>RESULT lines the bench image prints itself, not through Measure.Report: no window stands for them.</summary>
    public static readonly string[] NotFromReport = ["satellite_boot", "satellite_death_detect"];

    /// <summary>
    /// The results window n stands for: the n-th line Measure.Report printed on the coordinator. A satellite's own cases
    /// (named name@kN by the parser) report from its image, which the plugin does not watch.
    /// </summary>
    public static IReadOnlyList<BenchResult> Reported(IEnumerable<BenchResult> results)
        => results.Where(r => !NotFromReport.Contains(r.Name) && !r.Name.Contains("@k", StringComparison.Ordinal)).ToList();

    public static IEnumerable<string> Lines(IReadOnlyList<BenchResult> results, IReadOnlyDictionary<int, WindowProfile> windows, int top)
    {
        IReadOnlyList<BenchResult> reported = Reported(results);
        foreach ((int index, WindowProfile window) in windows.OrderBy(w => w.Key))
        {
            if (window.Total == 0) continue;
            BenchResult? result = index < reported.Count ? reported[index] : null;
            bool perOperation = result is { Unit: BenchUnit.Ticks or BenchUnit.Insns };
            var kernels = window.Functions.Select(f => f.Kernel).Distinct().Order()
                .Select(k => Invariant($"k{k} {100.0 * window.KernelTotal(k) / window.Total:0.0}%"));
            yield return Invariant($"# profile {result?.Name ?? "window " + index}: {window.Total:N0} instructions in its window ({string.Join(", ", kernels)})");
            yield return perOperation ? "#   per op   share  kernel  function" : "#   share  kernel  function";
            foreach (FunctionCount function in window.Functions.Take(top))
            {
                double share = (double)function.Instructions / window.Total;
                string cost = perOperation ? Invariant($"{share * result!.Median,8:0} ") : "";
                yield return Invariant($"#   {cost}{100 * share,5:0.0}%  k{function.Kernel,-5}  {function.Function}");
            }
        }
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
