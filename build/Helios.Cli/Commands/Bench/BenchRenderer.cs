// How every bench subcommand shows figures: first the RESULT lines exactly as the guests print them (so a saved output
// can be parsed again, e.g. by `helios bench compare`), each side under a '#' heading naming its provenance; then,
// when two sides are compared, a table Helios | Linux | ratio.
using System.Globalization;
using Helios.Tooling;
using Helios.Tooling.Bench;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class BenchRenderer
{
    /// <summary>"# linux x86_64: linux-image-... 6.1.192-2": a comment line the result parser skips.</summary>
    public static void Heading(string side, Isa isa, string provenance)
        => Console.Out.WriteLine($"# {side} {isa.Name()}: {provenance}");

    public static void Results(IEnumerable<BenchResult> results)
    {
        foreach (BenchResult result in results) Console.Out.WriteLine(result.ToString());
    }

    /// <summary>The side-by-side table of one ISA; ratios are Helios ÷ Linux (below 1: Helios is cheaper; for a rate, slower).</summary>
    public static void Comparison(Isa isa, IReadOnlyList<BenchComparisonRow> rows, string linuxProvenance)
    {
        var table = new Table().Border(TableBorder.Rounded)
            .Title(Markup.Escape($"{isa.Name()}: Helios vs Linux (" + (rows.All(r => r.IsRate) ? "rates, median [slowest]" : "per operation, median [min]") + ")"))
            .Caption(Markup.Escape($"Linux: {linuxProvenance}; ratio = Helios ÷ Linux (for a rate, above 1: Helios is faster)"));
        table.AddColumn("Helios figure");
        table.AddColumn(new TableColumn("Helios").RightAligned());
        table.AddColumn("Linux figure");
        table.AddColumn(new TableColumn("Linux").RightAligned());
        table.AddColumn(new TableColumn("ratio").RightAligned());
        table.AddColumn(new TableColumn("target").RightAligned());
        foreach (BenchComparisonRow row in rows)
        {
            string ratio = row.Problem is not null ? $"[red]{Markup.Escape(row.Problem)}[/]"
                : row.MedianRatio is double m ? $"{Ratio(m)} [grey][[{Ratio(row.MinRatio!.Value)}]][/]" : "[grey]-[/]";
            string bound = row.IsRate ? "≥" : "≤";
            string target = row.Target is not double t ? ""
                : row.MeetsTarget switch
                {
                    true => $"[green]{bound} {Ratio(t)} met[/]",
                    false => $"[red]{bound} {Ratio(t)} missed[/]",
                    null => $"{bound} {Ratio(t)}",
                };
            table.AddRow(
                Markup.Escape(row.Helios.Name),
                Figure(row.Helios),
                Markup.Escape(row.LinuxName ?? "(no counterpart)"),
                row.Linux is null ? (row.LinuxName is null ? "" : "[yellow]not reported[/]") : Figure(row.Linux),
                ratio,
                target);
        }
        AnsiConsole.Write(table);
    }

    private static string Figure(BenchResult r)
        => $"{r.Median.ToString("N0", CultureInfo.InvariantCulture)} [grey][[{r.Min.ToString("N0", CultureInfo.InvariantCulture)}]] {BenchResult.UnitName(r.Unit)}[/]";

    private static string Ratio(double ratio) => double.IsInfinity(ratio) ? "∞" : ratio.ToString("0.000", CultureInfo.InvariantCulture) + "×";
}
