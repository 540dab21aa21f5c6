// What `helios boot --run APP` exits with: the app's own exit code, or a code of its own for each other way the run
// can end, so that a script can tell "the app said 1" from "the kernel panicked" (README.md, "Exit codes of boot --run").
using Helios.Kernel.Diagnostics;
using Helios.Tooling.Qemu;

namespace Helios.Cli.Commands;

internal static class RunExitCodes
{
    public const int UsageError = 2;                                // as for every verb; also an app the bundle lacks
    public const int TimedOut = BootCommand.HungExitCode;           // 124
    public const int KernelFailed = 125;                            // panic, failure status, silent death, app not started
    public const int QemuFailed = BootCommand.QemuFailedExitCode;   // 126
    public const int Interrupted = 130;                             // Ctrl-C (128 + SIGINT)
    public const int AppKilled = 137;                               // the kernel killed the app (128 + SIGKILL)

    /// <summary>The exit code for a finished run of app, and what happened in words.</summary>
    public static (int Code, string Verdict) For(QemuResult result, string app)
    {
        switch (result.Outcome)
        {
            case RunOutcome.TimedOut:
                return (TimedOut, $"{app} did not finish: {result.Summary}");
            case RunOutcome.QemuFailed:
                return (QemuFailed, result.Summary);
            case RunOutcome.Exited when result.KernelExitCode == (int)ExitCode.Success:
                return InitReport(result.Console, app) switch
                {
                    int code => (code & 0xFF, $"{app} exited with code {code}"),
                    null when WasKilled(result.Console, app) => (AppKilled, $"{app} was killed"),
                    _ => (KernelFailed, $"init did not report how {app} ended ({result.Summary})"),
                };
            default:
                return (KernelFailed, result.Summary);
        }
    }

    /// <summary>Several apps run at once (--run server --run client): the first in order whose code is not 0 decides;
    /// 0 when every one exited with 0. A failure of the run as a whole (timeout, kernel failure) is the same for all.</summary>
    public static (int Code, string Verdict) For(QemuResult result, IReadOnlyList<string> apps)
    {
        if (apps.Count == 1) return For(result, apps[0]);
        var verdicts = new List<string>();
        foreach (string app in apps)
        {
            (int code, string verdict) = For(result, app);
            if (code != 0) return (code, verdict);
            verdicts.Add(verdict);
        }
        return (0, string.Join(", ", verdicts));
    }

    // init's last words on the app: "init: hello (pid 1) exited with code 3" or "init: crash (pid 1) was killed",
    // possibly tagged with its kernel ("k0: ") on a NUMA topology. An app's own output is tagged "[app] ", so it cannot
    // pass for init's.
    private static int? InitReport(IReadOnlyList<string> console, string app)
    {
        const string Exited = ") exited with code ";
        for (int i = console.Count - 1; i >= 0; i--)
        {
            string line = Untagged(console[i]);
            if (!line.StartsWith(InitPrefix(app), StringComparison.Ordinal)) continue;
            int at = line.IndexOf(Exited, StringComparison.Ordinal);
            if (at > 0 && int.TryParse(line.AsSpan(at + Exited.Length), out int code)) return code;
            return null;
        }
        return null;
    }

    private static bool WasKilled(IReadOnlyList<string> console, string app)
        => console.Any(line => Untagged(line) is string l && l.StartsWith(InitPrefix(app), StringComparison.Ordinal) && l.EndsWith(") was killed", StringComparison.Ordinal));

    private static string InitPrefix(string app) => "init: " + app + " (pid ";

    private static string Untagged(string line)
    {
        line = line.TrimEnd('\r');
        int colon = line.IndexOf(": ", StringComparison.Ordinal);
        return colon > 1 && line[0] == 'k' && line.AsSpan(1, colon - 1).IndexOfAnyExceptInRange('0', '9') < 0 ? line[(colon + 2)..] : line;
    }
}
