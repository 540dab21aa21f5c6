// One benchmark figure as both sides print it (docs/benchmarking.md):
// RESULT name=<name> unit=<ticks|insns|us|tx_per_s|mib_per_s> median=<n> min=<n> iters=<reps> [kernel=<id>] [other key=value fields]
namespace Helios.Tooling.Bench;

/// <summary>What a figure counts: x86_64 TSC ticks, or arm64 instructions (counter ticks × 1e9 / CNTFRQ), per
/// operation; or a rate, the file system benchmark's (postmark: transactions per second, seq_read_16m: MiB per second,
/// both over the guest's counter); or a time, in microseconds of the guest's clock (satellite_death_detect). For a rate,
/// more is better and min is the slowest repetition.</summary>
public enum BenchUnit
{
    Ticks,
    Insns,
    Microseconds,
    TxPerSecond,
    MibPerSecond,
}

/// <param name="Median">Per operation, the median over the repetitions (the lower middle one for an even count).</param>
/// <param name="Min">Per operation, the smallest repetition.</param>
/// <param name="Iterations">How many timed repetitions (after the warm-up) the median and minimum are over.</param>
/// <param name="Extra">The line's other key=value fields, in its order ("copied=16 ipis=2.00"), or "".</param>
public sealed record BenchResult(string Name, BenchUnit Unit, ulong Median, ulong Min, int Iterations, string Extra = "")
{
    public const string Marker = "RESULT";

    public static string UnitName(BenchUnit unit) => unit switch
    {
        BenchUnit.Ticks => "ticks",
        BenchUnit.Insns => "insns",
        BenchUnit.Microseconds => "us",
        BenchUnit.TxPerSecond => "tx_per_s",
        _ => "mib_per_s",
    };

    /// <summary>A rate: a larger figure is better, unlike a cost per operation.</summary>
    public static bool IsRate(BenchUnit unit) => unit is BenchUnit.TxPerSecond or BenchUnit.MibPerSecond;

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
