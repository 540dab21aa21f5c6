// What every Helios bench command checks after its guest ends: QEMU ran, the workload said it finished, and the
// console holds figures that parse. When not, the one reason and the console's last lines, and no figures.
using Helios.Tooling.Bench;
using Helios.Tooling.Qemu;
using Spectre.Console;

namespace Helios.Cli.Commands.Bench;

internal static class BenchRunCheck
{
    /// <summary>
    /// True when the figures can be used; otherwise says why (finished false: unfinishedReason). The kernel must end with
    /// expectedExit: 0, or ExitCode.KernelDied for a run that kills a satellite on purpose.
    /// </summary>
    public static bool Usable(string who, QemuResult run, bool finished, string unfinishedReason, BenchParseResult parsed, int expectedExit = 0)
    {
        bool ended = run.Outcome == RunOutcome.Exited && run.KernelExitCode == expectedExit;
        if (ended && finished && parsed.Ok && parsed.Results.Count > 0) return true;
        string why = !ended ? run.Summary : !finished ? unfinishedReason
            : parsed.Errors.Count > 0 ? parsed.Errors[0].Format("console") : "no figures";
        AnsiConsole.MarkupLine($"[red]{Markup.Escape($"{who}: {why}")}[/]");
        foreach (string line in run.Console.TakeLast(15)) AnsiConsole.MarkupLine($"[grey]  {Markup.Escape(line)}[/]");
        return false;
    }
}
