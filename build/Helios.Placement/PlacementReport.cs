// The text `helios placement` prints: the topology, then one row per launched process (kernel and deciding pass;
// with --explain also every pass's values and why the other kernels lost), then with --explain the channels behind
// each affinity sum.
using System.Text;
using Helios.Satellite.Placement;

namespace Helios.Placement;

public static class PlacementReport
{
    public static string Write(Topology topology, IReadOnlyList<LaunchSimulation.Launch> launches, bool explain)
    {
        var text = new StringBuilder();
        SystemView view = topology.View;
        text.Append($"topology {topology.Name} ({topology.Source}): ")
            .Append(string.Join(", ", view.Kernels.Select(k => $"{k.Id} {k.Platform} load {k.Load}%")));
        if (view.LauncherKernelId is not null) text.Append($"; launches from {view.LauncherKernelId}");
        text.AppendLine();
        if (view.Services.Count > 0)
            text.AppendLine("running: " + string.Join(", ", view.Services.Select(s => s.ToString())));
        text.AppendLine();

        var header = new List<string> { "#", "process", "kernel", "pass" };
        if (explain) header.AddRange(["platform", "positive", "negative", "load", "why the others lost"]);
        var rows = new List<List<string>> { header };
        for (int i = 0; i < launches.Count; i++)
        {
            PlacementDecision decision = launches[i].Decision;
            var row = new List<string> { (i + 1).ToString(), decision.Application, decision.Kernel?.Id ?? "-", decision.IsPlaced ? PlacementPasses.Name(decision.DecidedBy) : "refused" };
            if (explain)
            {
                foreach (PlacementPass pass in new[] { PlacementPass.Platform, PlacementPass.Positive, PlacementPass.Negative, PlacementPass.Load })
                    row.Add(Column(decision.FindPass(pass)));
                row.Add(decision.IsPlaced ? (decision.Eliminations.Count == 0 ? "(no other kernel)" : string.Join("; ", decision.Eliminations.Select(e => e.ToString()))) : decision.Refusal!);
            }
            else if (!decision.IsPlaced)
            {
                row.Add(decision.Refusal!);
            }
            rows.Add(row);
        }
        AppendTable(text, rows);

        if (explain)
        {
            text.AppendLine();
            for (int i = 0; i < launches.Count; i++)
            {
                PlacementDecision decision = launches[i].Decision;
                text.AppendLine($"{i + 1} {decision.Application} ({launches[i].Source}): {decision.Summary()}");
                foreach (PassRecord record in decision.Passes)
                {
                    text.Append($"    {PlacementPasses.Name(record.Pass),-10}{record.Note}");
                    IEnumerable<string> details = record.Scores.Where(s => s.Detail.Length > 0 && record.Pass != PlacementPass.Platform)
                        .Select(s => $"{s.Kernel.Id}: {s.Detail}");
                    string joined = string.Join("; ", details);
                    if (joined.Length > 0) text.Append(" [").Append(joined).Append(']');
                    text.AppendLine();
                }
            }
        }
        return text.ToString();
    }

    /// <summary>A pass's values in the table: "-" when it was not reached, "any" when it had nothing to weigh.</summary>
    private static string Column(PassRecord? record)
    {
        if (record is null) return "-";
        if (!record.Ran) return "any";
        return record.DescribeScores();
    }

    private static void AppendTable(StringBuilder text, List<List<string>> rows)
    {
        int columns = rows.Max(r => r.Count);
        var widths = new int[columns];
        foreach (List<string> row in rows)
            for (int c = 0; c < row.Count; c++) widths[c] = Math.Max(widths[c], row[c].Length);
        foreach (List<string> row in rows)
        {
            var line = new StringBuilder();
            for (int c = 0; c < row.Count; c++)
            {
                if (c > 0) line.Append("  ");
                line.Append(c == row.Count - 1 ? row[c] : row[c].PadRight(widths[c]));
            }
            text.AppendLine(line.ToString().TrimEnd());
        }
    }
}
