// Runs `dotnet build` on the solution and shows each ISA's image steps as they happen. The image targets print
// "helios: [<isa>] <image>: <step>" lines (build/Helios.Image.targets); everything else is shown only on failure.
using System.Diagnostics;
using System.Text.RegularExpressions;
using Helios.Tooling;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static partial class BuildRunner
{
    [GeneratedRegex(@"helios: \[(?<isa>[a-z0-9_]+)\] (?<image>[^:]+): (?<step>.*)$")]
    private static partial Regex StepLine();

    /// <summary>
    /// Builds the solution. The image steps are shown as they run; `summary` adds the closing line even when there was
    /// nothing to do (boot and test build silently when everything is up to date). With `isas`, only those ISAs'
    /// native code, images and bundles are built (-p:HeliosIsas, build/Helios.Bare.props); the others stay as they were.
    /// </summary>
    public static async Task<int> BuildAsync(RepoPaths paths, string configuration, bool summary, IReadOnlyList<Isa>? isas = null)
    {
        IReadOnlyList<string> built = isas is null ? IsaNames.All : isas.Select(i => i.Name()).ToList();
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = paths.Root,
        };
        foreach (string arg in new[] { "build", paths.Solution, "-c", configuration, "-nologo", "-v:minimal", "-clp:NoSummary" })
            start.ArgumentList.Add(arg);
        if (built.Count < IsaNames.All.Length) start.ArgumentList.Add("-p:HeliosIsas=" + string.Join("%3B", built));

        var output = new List<string>();
        var clock = Stopwatch.StartNew();
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
        {
            foreach (string line in output.Where(l => l.Contains("error", StringComparison.OrdinalIgnoreCase)).Distinct())
                AnsiConsole.MarkupLine("[red]" + Markup.Escape(line.Trim()) + "[/]");
            AnsiConsole.MarkupLine($"[red]build failed[/] (dotnet build exited with {process.ExitCode})");
            return process.ExitCode;
        }
        if (summary || stepCount > 0)
            AnsiConsole.MarkupLine(stepCount == 0
                ? $"[green]images up to date[/] ({clock.Elapsed.TotalSeconds:0.0} s)"
                : $"[green]built[/] {stepCount} image steps in {clock.Elapsed.TotalSeconds:0.0} s; images in {Markup.Escape(Path.GetRelativePath(Environment.CurrentDirectory, paths.ImagesDirectory(configuration)))}");
        return 0;
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
