// helios test: boot the in-kernel test image on each ISA and report every test, one line each.
using System.CommandLine;
using Helios.Tooling;
using Helios.Tooling.Testing;
using Spectre.Console;

namespace Helios.Cli.Commands;

internal static class TestCommand
{
    public static Command Create()
    {
        var arch = CommonOptions.Arch("all");
        var filter = new Option<string?>("--filter", "-f") { Description = "Run one test, or those starting with a prefix ending in * (Strings.*)" };
        var noBuild = CommonOptions.NoBuild();
        var timeout = CommonOptions.Timeout(600);
        // A test's limit counts from when the guest reaches it (KernelTestSession), not from QEMU's start.
        timeout.Description = "Seconds each test may run, counted from when the guest starts it, before it counts as hung (default 120; booting has 300)";
        var configuration = CommonOptions.Configuration();
        var topology = CommonOptions.Topology();
        var command = new Command("test", "Run the in-kernel tests in QEMU, per ISA") { arch, filter, topology, configuration, noBuild, timeout };
        CommonOptions.ValidateTopology(command, arch, topology);
        command.SetAction((parse, cancel) => CommandErrors.Guard(async () =>
        {
            RepoPaths paths = RepoPaths.Find();
            string config = parse.GetValue(configuration)!;
            if (!parse.GetValue(noBuild))
            {
                int built = await BuildRunner.BuildAsync(paths, config, summary: false, IsaNames.Expand(parse.GetValue(arch)!));
                if (built != 0) return built;
            }
            var session = new KernelTestSession(paths, config)
            {
                Timeout = TimeSpan.FromSeconds(parse.GetValue(timeout)),
                Topology = CommonOptions.TopologyValue(parse, topology),
            };
            var summary = new Table().Border(TableBorder.Rounded);
            summary.AddColumns("ISA", "passed", "failed", "crashed", "result");
            bool allGood = true;
            foreach (Isa isa in IsaNames.Expand(parse.GetValue(arch)!))
            {
                (int passed, int failed, int crashed, string? problem) = await RunIsaAsync(session, isa, parse.GetValue(filter), cancel);
                bool good = failed == 0 && crashed == 0 && problem is null && passed > 0;
                allGood &= good;
                summary.AddRow(isa.Name(), passed.ToString(), failed.ToString(), crashed.ToString(),
                    good ? "[green]ok[/]" : "[red]" + Markup.Escape(problem ?? (passed == 0 ? "no tests ran" : "failures")) + "[/]");
            }
            AnsiConsole.Write(summary);
            return allGood ? 0 : 1;
        }));
        return command;
    }

    private static async Task<(int Passed, int Failed, int Crashed, string? Problem)> RunIsaAsync(KernelTestSession session, Isa isa, string? filter, CancellationToken cancel)
    {
        int passed = 0, failed = 0, crashed = 0;
        void Report(InKernelTestResult r)
        {
            string status = r.Status switch
            {
                InKernelTestStatus.Passed => "[green]PASS[/]",
                InKernelTestStatus.Failed => "[red]FAIL[/]",
                InKernelTestStatus.Crashed => "[red]CRASH[/]",
                _ => "[yellow]DEFER[/]",
            };
            string detail = r.Ticks is ulong t ? $" [grey]({t:N0} {InKernelTestResult.TickUnit(isa)})[/]" : r.ExpectedPanic is not null && r.Passed ? " [grey](panicked as expected)[/]" : "";
            AnsiConsole.MarkupLine($"{status} {isa.Name(),-6} {Markup.Escape(r.Name)}{detail}");
            if (!r.Passed) AnsiConsole.MarkupLine("       [red]" + Markup.Escape(r.Message.Replace("\n", "\n       ")) + "[/]");
            if (r.Passed) passed++;
            else if (r.Status == InKernelTestStatus.Crashed) crashed++;
            else failed++;
        }

        (IReadOnlyList<InKernelTestResult> results, TestRunReport main) = await session.RunAllAsync(isa, filter, Report, cancel);
        if (results.Count == 0 && filter is not null) return (0, 0, 0, $"no test matches '{filter}'");
        return (passed, failed, crashed, main.Problem);
    }
}
