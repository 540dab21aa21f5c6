// Builds for ./helios: first decides whether MSBuild has anything to do (build/Helios.Tooling/Incremental), then runs
// `dotnet build` on the solution, or on one app after a change to it alone, and shows each ISA's image steps as they
// happen. The image targets print "helios: [<isa>] <image>: <step>" lines (build/Helios.Image.targets); everything
// else is shown only on failure.
using System.Diagnostics;
using System.Text.RegularExpressions;
using Helios.Tooling;
using Helios.Tooling.Incremental;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static partial class BuildRunner
{
    [GeneratedRegex(@"helios: \[(?<isa>[a-z0-9_]+)\] (?<image>[^:]+): (?<step>.*)$")]
    private static partial Regex StepLine();

    /// <summary>
    /// Builds what changed. The image steps are shown as they run; `summary` adds the closing line even when there was
    /// nothing to do (boot and test build silently when everything is up to date). With `isas`, only those ISAs'
    /// native code, images and bundles are built (-p:HeliosIsas, build/Helios.Bare.props); the others stay as they were.
    /// Before MSBuild, the sources and outputs are compared with the last build's record (BuildPlanner): nothing
    /// changed is no build at all; with `appOnly` (boot), a change inside one app's folder builds that app and
    /// re-bundles; anything else is MSBuild over the solution.
    /// </summary>
    public static async Task<int> BuildAsync(RepoPaths paths, string configuration, bool summary, IReadOnlyList<Isa>? isas = null, bool appOnly = false)
    {
        IReadOnlyList<string> built = isas is null ? IsaNames.All : isas.Select(i => i.Name()).ToList();
        var clock = Stopwatch.StartNew();
        string recordFile = BuildRecord.PathFor(paths.Root, configuration);
        BuildRecord? last = BuildRecord.Load(recordFile);
        SourceSnapshot sources = SourceSnapshot.Take(paths.Root);
        BuildPlan plan = BuildPlanner.Decide(last, sources, BuildOutputs.Fingerprint(paths.Root, configuration), built,
            appOnly ? AppProjects.Load(paths.Root, configuration) : null, file => File.ReadAllText(Path.Combine(paths.Root, file)));

        if (plan.Kind == BuildPlanKind.UpToDate)
        {
            if (summary) AnsiConsole.MarkupLine($"[green]images up to date[/] ({clock.Elapsed.TotalSeconds:0.0} s)");
            return 0;
        }
        if (plan.Kind == BuildPlanKind.OneApp && last is not null && built.All(isa => BundleRecipe.Read(paths.Bundle(configuration, IsaNames.Parse(isa))) is not null))
        {
            AnsiConsole.MarkupLine($"[grey]helios: {Markup.Escape(plan.Reason)} since the last whole build: building it and the bundle (./helios build builds everything)[/]");
            (int code, int steps) = await MsBuildAsync(paths, Path.Combine(paths.Root, plan.App!), configuration, built, clock,
                "--no-restore", "-p:BuildProjectReferences=false");
            for (int i = 0; code == 0 && i < built.Count; i++)
                code = await RebundleAsync(paths, configuration, IsaNames.Parse(built[i]));
            if (code != 0) return Failed(code);
            BuildRecord.AfterApp(last, sources, plan.App!, plan.Changed!, built, BuildOutputs.Fingerprint(paths.Root, configuration)).Save(recordFile);
            Summary(paths, configuration, summary, steps, clock);
            return 0;
        }

        // A whole build: the record goes first, so that a failed or interrupted build never leaves one behind.
        string why = plan.Kind == BuildPlanKind.OneApp ? plan.Reason + ", but a bundle was made before bundles kept their arguments" : plan.Reason;
        AnsiConsole.MarkupLine($"[grey]helios: MSBuild over the solution: {Markup.Escape(why)}[/]");
        if (File.Exists(recordFile)) BuildRecord.Forget(recordFile);
        (int exit, int stepCount) = await MsBuildAsync(paths, paths.Solution, configuration, built, clock);
        if (exit != 0) return Failed(exit);
        BuildRecord.AfterEverything(last, sources, built, BuildOutputs.Fingerprint(paths.Root, configuration)).Save(recordFile);
        Summary(paths, configuration, summary, stepCount, clock);
        return 0;
    }

    private static int Failed(int code)
    {
        AnsiConsole.MarkupLine($"[red]build failed[/] (exit code {code})");
        return code;
    }

    private static void Summary(RepoPaths paths, string configuration, bool summary, int stepCount, Stopwatch clock)
    {
        if (summary || stepCount > 0)
            AnsiConsole.MarkupLine(stepCount == 0
                ? $"[green]images up to date[/] ({clock.Elapsed.TotalSeconds:0.0} s)"
                : $"[green]built[/] {stepCount} image steps in {clock.Elapsed.TotalSeconds:0.0} s; images in {Markup.Escape(Path.GetRelativePath(Environment.CurrentDirectory, paths.ImagesDirectory(configuration)))}");
    }

    // `dotnet build` of the solution or one project, its image steps shown as they run; errors shown on failure.
    private static async Task<(int Exit, int Steps)> MsBuildAsync(RepoPaths paths, string project, string configuration,
        IReadOnlyList<string> built, Stopwatch clock, params string[] extra)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = paths.Root,
        };
        foreach (string arg in new[] { "build", project, "-c", configuration, "-nologo", "-v:minimal", "-clp:NoSummary" }.Concat(extra))
            start.ArgumentList.Add(arg);
        if (built.Count < IsaNames.All.Length) start.ArgumentList.Add("-p:HeliosIsas=" + string.Join("%3B", built));

        var output = new List<string>();
        using var process = Process.Start(start)!;
        var steps = new Dictionary<string, string>();   // isa -> latest step
        int stepCount = 0;

        async Task Pump(StreamReader reader)
        {
            while (await reader.ReadLineAsync() is string line)
            {
                lock (output) output.Add(line);
                Match m = StepLine().Match(line);
                if (!m.Success) continue;
                lock (steps)
                {
                    steps[m.Groups["isa"].Value] = m.Groups["image"].Value + ": " + Relative(m.Groups["step"].Value);
                    stepCount++;
                }
                if (!AnsiConsole.Profile.Capabilities.Interactive)
                    Console.Out.WriteLine($"  {m.Groups["isa"].Value,-7} {m.Groups["image"].Value}: {Relative(m.Groups["step"].Value)}");
            }
        }

        Task pumps = Task.WhenAll(Pump(process.StandardOutput), Pump(process.StandardError));
        if (AnsiConsole.Profile.Capabilities.Interactive)
        {
            await AnsiConsole.Live(Table(steps, built, clock.Elapsed)).StartAsync(async live =>
            {
                while (!pumps.IsCompleted)
                {
                    live.UpdateTarget(Table(steps, built, clock.Elapsed));
                    await Task.WhenAny(pumps, Task.Delay(150));
                }
                live.UpdateTarget(Table(steps, built, clock.Elapsed));
            });
        }
        await pumps;
        await process.WaitForExitAsync();

        if (process.ExitCode != 0)
            foreach (string line in output.Where(l => l.Contains("error", StringComparison.OrdinalIgnoreCase)).Distinct())
                AnsiConsole.MarkupLine("[red]" + Markup.Escape(line.Trim()) + "[/]");
        return (process.ExitCode, stepCount);
    }

    // The bundle of one ISA again, from the arguments its last whole build used (BundleRecipe): after an app-only
    // build the list of apps is the same, only an image changed.
    private static async Task<int> RebundleAsync(RepoPaths paths, string configuration, Isa isa)
    {
        string tool = Path.Combine(paths.Root, "artifacts", "bin", "Helios.BuildTool", configuration.ToLowerInvariant(), "Helios.BuildTool.dll");
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(tool);
        start.ArgumentList.Add("bundle");
        foreach (string arg in BundleRecipe.Read(paths.Bundle(configuration, isa))!) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        string error = await process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        if (process.ExitCode != 0) AnsiConsole.MarkupLine("[red]" + Markup.Escape((await output + error).Trim()) + "[/]");
        else if (!AnsiConsole.Profile.Capabilities.Interactive) Console.Out.WriteLine($"  {isa.Name(),-7} bundle");
        return process.ExitCode;
    }

    // Steps name files by absolute path; show them from the current directory.
    private static string Relative(string step)
    {
        int slash = step.IndexOf('/');
        return slash < 0 ? step : step[..slash] + Path.GetRelativePath(Environment.CurrentDirectory, step[slash..]);
    }

    private static Table Table(Dictionary<string, string> steps, IReadOnlyList<string> isas, TimeSpan elapsed)
    {
        var table = new Table().Border(TableBorder.Rounded).Title($"dotnet build ({elapsed.TotalSeconds:0} s)");
        table.AddColumn("ISA");
        table.AddColumn("image step");
        lock (steps)
            foreach (string isa in isas)
                table.AddRow(isa, Markup.Escape(steps.TryGetValue(isa, out string? step) ? step : "compiling C#…"));
        return table;
    }
}
