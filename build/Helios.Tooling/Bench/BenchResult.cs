// One benchmark figure as both sides print it (docs/benchmarking.md):
// RESULT name=<name> unit=<ticks|insns> median=<n> min=<n> iters=<reps> [kernel=<id>] [other key=value fields]
namespace Helios.Tooling.Bench;

/// <summary>What a figure counts: x86_64 TSC ticks, or arm64 instructions (counter ticks × 1e9 / CNTFRQ).</summary>
public enum BenchUnit
{
    Ticks,
    Insns,
}

/// <param name="Median">Per operation, the median over the repetitions (the lower middle one for an even count).</param>
/// <param name="Min">Per operation, the smallest repetition.</param>
/// <param name="Iterations">How many timed repetitions (after the warm-up) the median and minimum are over.</param>
/// <param name="Extra">The line's other key=value fields, in its order ("copied=16 ipis=2.00"), or "".</param>
public sealed record BenchResult(string Name, BenchUnit Unit, ulong Median, ulong Min, int Iterations, string Extra = "")
{
    public const string Marker = "RESULT";

    public static string UnitName(BenchUnit unit) => unit == BenchUnit.Ticks ? "ticks" : "insns";

    /// <summary>The line as the guest prints it; parsing it gives this result back.</summary>
    public override string ToString()
    {
        // A satellite's figure (thread_yield@k1) prints as the satellite printed it: name=thread_yield ... kernel=1.
        int at = Name.IndexOf("@k", StringComparison.Ordinal);
        string name = at < 0 ? Name : Name[..at];
        string kernel = at < 0 ? "" : " kernel=" + Name[(at + 2)..];
        string extra = Extra.Length == 0 ? "" : " " + Extra;
        return $"{Marker} name={name} unit={UnitName(Unit)} median={Median} min={Min} iters={Iterations}{kernel}{extra}";
    }
}
