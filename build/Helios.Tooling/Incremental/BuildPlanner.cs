// The decision `./helios build`, `boot` and `test` take before running MSBuild: nothing to do, one app to build and
// re-bundle, or everything (MSBuild over the solution, which is always right and costs ~25 s even when nothing
// changed). Pure: it compares a BuildRecord with a SourceSnapshot and an output fingerprint.
namespace Helios.Tooling.Incremental;

public enum BuildPlanKind { UpToDate, OneApp, Everything }

public sealed record BuildPlan(BuildPlanKind Kind, string Reason, string? App = null, IReadOnlyList<string>? Changed = null)
{
    public static BuildPlan Everything(string reason) => new(BuildPlanKind.Everything, reason);
}

public static class BuildPlanner
{
    /// <param name="apps">null when only a whole build will do (`./helios build`: host tools and tests depend on apps' sources too).</param>
    public static BuildPlan Decide(BuildRecord? last, SourceSnapshot now, string outputs, IReadOnlyList<string> isas,
        AppProjects? apps, Func<string, string> readText)
    {
        if (last is null) return BuildPlan.Everything("no build through ./helios is recorded");
        if (last.Outputs != outputs) return BuildPlan.Everything("artifacts changed since the recorded build");
        if (isas.Any(isa => !last.Isas.Contains(isa))) return BuildPlan.Everything("an ISA was not built from these sources");

        IReadOnlyList<string> changed = now.ChangedSince(last.Sources);
        if (changed.Count == 0)
            return last.App is null ? new BuildPlan(BuildPlanKind.UpToDate, "nothing changed")
                : BuildPlan.Everything("the last build was of one app only");
        if (apps is null) return BuildPlan.Everything($"{changed.Count} source file(s) changed");

        string? app = apps.SoleOwner(changed, now.Files, readText, out string why);
        if (app is null) return BuildPlan.Everything(why);
        var stamps = changed.ToDictionary(p => p, p => now.Files.TryGetValue(p, out string? s) ? s : "", StringComparer.Ordinal);
        if (last.App is { } built && built.Project == app && BuildRecord.SameStamps(built.Changed, stamps)
            && isas.All(built.Isas.Contains))
            return new BuildPlan(BuildPlanKind.UpToDate, $"only {app} changed, and it is built", app, changed);
        return new BuildPlan(BuildPlanKind.OneApp, $"only {app} changed", app, changed);
    }
}
