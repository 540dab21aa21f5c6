// helios bench build: how long the developer's loop takes (issue 18's targets on an idle 2-core machine), each as a
// whole `./helios` process, the way a user runs it: `noop`, `./helios build` with nothing changed (target 5 s);
// `app_change_run`, an app's Program.cs changed and `./helios boot --arch <isa> --run <app>` until the app has run
// (target 15 s); `clean`, `./helios build` of a fresh copy of the checkout's sources in a temporary folder (target
// 180 s). The app's source is changed by appending a comment line and put back as it was afterwards; the developer's
// tree is built once more at the end so its images match its sources again. Wall-clock seconds: on a shared or loaded
// machine they measure the machine too, so the min and max are printed beside the median.
using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using Helios.Tooling;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class BuildBenchCommand
{
    public static Command Create()
    {
        var arch = CommonOptions.Arch("x86_64", allowAll: false);
        arch.Description = "ISA of the app-change loop (x86_64 or arm64)";
        var iterations = CommonOptions.Positive(new Option<int>("--iterations", "-n") { Description = "Timed runs of noop and app_change_run (default 5)", DefaultValueFactory = _ => 5 });
        var clean = new Option<int>("--clean-iterations") { Description = "Timed clean builds (default 1; 0 skips them)", DefaultValueFactory = _ => 1 };
        var app = new Option<string>("--app") { Description = "The app whose source the app-change loop edits (a project under src/Apps; default hello)", DefaultValueFactory = _ => "hello" };
        var command = new Command("build", "Time the build loop: a no-op ./helios build, an app change to the app running (one ISA), a clean build of everything; prints RESULT lines")
        {
            arch, iterations, clean, app,
        };
        command.SetAction((parse, cancel) => CommandErrors.Guard(async () =>
        {
            RepoPaths paths = RepoPaths.Find();
            Isa isa = IsaNames.Expand(parse.GetValue(arch)!)[0];
            int runs = parse.GetValue(iterations);
            string appName = parse.GetValue(app)!;
            string? source = AppSource(paths, appName);
            if (source is null)
            {
                AnsiConsole.MarkupLine($"[red]helios: bench build: no app '{Markup.Escape(appName)}' under src/Apps (its Program.cs is what the loop changes)[/]");
                return RunExitCodes.UsageError;
            }

            // Warm-up, not counted: everything up to date, the helios command itself built.
            if (await Helios(paths.Root, cancel, "build") != 0) return 1;

            var noop = new List<double>();
            for (int i = 0; i < runs; i++) noop.Add(await Timed(paths.Root, cancel, "build"));
            Print("noop", noop, target: 5, $"isa=all");

            var change = new List<double>();
            string original = await File.ReadAllTextAsync(source, cancel);
            try
            {
                for (int i = 0; i < runs; i++)
                {
                    await File.WriteAllTextAsync(source, original + $"// helios bench build: change {i + 1}\n", cancel);
                    change.Add(await Timed(paths.Root, cancel, "boot", "--arch", isa.Name(), "--run", appName));
                }
            }
            finally
            {
                await File.WriteAllTextAsync(source, original, CancellationToken.None);
            }
            Print("app_change_run", change, target: 15, $"isa={isa.Name()} app={appName}");
            // The images back in step with the sources as they are again.
            await Helios(paths.Root, cancel, "build", "--arch", isa.Name());

            int cleanRuns = parse.GetValue(clean);
            if (cleanRuns > 0)
            {
                var cleanTimes = new List<double>();
                for (int i = 0; i < cleanRuns; i++)
                {
                    string copy = Path.Combine(Path.GetTempPath(), "helios-bench-build-" + Guid.NewGuid().ToString("n")[..8]);
                    try
                    {
                        SourceTree.CopyCheckout(paths.Root, copy);
                        cleanTimes.Add(await Timed(copy, cancel, "build"));
                    }
                    finally
                    {
                        Directory.Delete(copy, recursive: true);
                    }
                }
                Print("clean", cleanTimes, target: 180, "isa=all");
            }
            return 0;
        }));
        return command;
    }

    // src/Apps/<Project>/Program.cs of the app named (its project name in lower case, as the image name is).
    private static string? AppSource(RepoPaths paths, string app)
    {
        string apps = Path.Combine(paths.Root, "src", "Apps");
        return Directory.EnumerateDirectories(apps)
            .Where(dir => Path.GetFileName(dir).Equals(app, StringComparison.OrdinalIgnoreCase))
            .Select(dir => Path.Combine(dir, "Program.cs"))
            .FirstOrDefault(File.Exists);
    }

    // Seconds a `./helios <args>` in that checkout took; a failure ends the benchmark (its figures would mean nothing).
    private static async Task<double> Timed(string root, CancellationToken cancel, params string[] args)
    {
        var clock = Stopwatch.StartNew();
        int code = await Helios(root, cancel, args);
        double seconds = clock.Elapsed.TotalSeconds;
        if (code != 0) throw new InvalidOperationException($"./helios {string.Join(" ", args)} exited with {code} in {root}");
        AnsiConsole.MarkupLine($"[grey]helios: bench build: ./helios {Markup.Escape(string.Join(" ", args))}: {seconds:0.0} s[/]");
        return seconds;
    }

    private static async Task<int> Helios(string root, CancellationToken cancel, params string[] args)
    {
        var start = new ProcessStartInfo(Path.Combine(root, "helios")) { WorkingDirectory = root, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string arg in args) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync(cancel);
        Task<string> error = process.StandardError.ReadToEndAsync(cancel);
        await process.WaitForExitAsync(cancel);
        if (process.ExitCode != 0) Console.Error.Write(await output + await error);
        return process.ExitCode;
    }

    private static void Print(string name, List<double> seconds, int target, string extra)
    {
        List<double> sorted = [.. seconds.Order()];
        double median = sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"RESULT name={name} unit=s median={median:0.00} min={sorted[0]:0.00} max={sorted[^1]:0.00} iters={sorted.Count} target={target} {extra}"));
    }
}
