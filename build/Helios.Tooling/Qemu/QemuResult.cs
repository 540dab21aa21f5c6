// How a run ended, decoded from QEMU's exit status and the console. The kernel's last line is "HELIOS-EXIT <code>"
// and QEMU then exits with (code << 1) | 1 (src/Kernel/Diagnostics/HostProtocol.cs); anything else is a failure. On a
// machine of several kernels the console's lines are tagged "k0: ", "k1: ": the machine's exit and panic are k0's.
using Helios.Kernel.Diagnostics;

namespace Helios.Tooling.Qemu;

public enum RunOutcome
{
    /// <summary>The kernel reported an exit code (0 or not).</summary>
    Exited,
    /// <summary>The kernel panicked: it printed HELIOS-PANIC and exited with ExitCode.Panic.</summary>
    Panicked,
    /// <summary>The guest died without reporting: triple fault, reset or power-off (QEMU status 0).</summary>
    DiedWithoutStatus,
    /// <summary>The guest ran past the timeout and was killed.</summary>
    TimedOut,
    /// <summary>QEMU itself failed (bad arguments, missing image) or the status and console disagree.</summary>
    QemuFailed,
}

public sealed record QemuResult(
    RunOutcome Outcome,
    int? KernelExitCode,
    int QemuStatus,
    IReadOnlyList<string> Console,
    TimeSpan Elapsed,
    TimeSpan? FirstOutput,
    string? Diagnostic)
{
    public bool Succeeded => Outcome == RunOutcome.Exited && KernelExitCode == 0;

    /// <summary>The panic line without its marker, or null.</summary>
    public string? PanicMessage => PanicMessageOf(MachineLines(Console));

    /// <summary>Everything after the panic line up to the exit line: where it happened and the registers.</summary>
    public string PanicReport => PanicReportOf(MachineLines(Console));

    /// <summary>A satellite's panic line without its marker, or null (kernel ≥ 1).</summary>
    public string? KernelPanicMessage(int kernel) => PanicMessageOf(KernelLines(Console, kernel));

    /// <summary>The lines the machine's own kernel printed (the only kernel, or k0), without their tags.</summary>
    public static List<string> MachineLines(IEnumerable<string> console)
    {
        var lines = new List<string>();
        foreach (string line in console)
            if (HostProtocol.KernelTag(line, out string text) <= 0) lines.Add(text);
        return lines;
    }

    /// <summary>The lines kernel k printed, without their tags.</summary>
    public static List<string> KernelLines(IEnumerable<string> console, int kernel)
    {
        var lines = new List<string>();
        foreach (string line in console)
            if (HostProtocol.KernelTag(line, out string text) == kernel) lines.Add(text);
        return lines;
    }

    private static string? PanicMessageOf(List<string> lines)
    {
        string? line = lines.LastOrDefault(l => l.StartsWith(HostProtocol.PanicMarker, StringComparison.Ordinal));
        return line?[HostProtocol.PanicMarker.Length..];
    }

    private static string PanicReportOf(List<string> lines)
    {
        int start = lines.FindLastIndex(l => l.StartsWith(HostProtocol.PanicMarker, StringComparison.Ordinal));
        return start < 0 ? "" : string.Join("\n", lines.Skip(start).TakeWhile(l => !l.StartsWith(HostProtocol.ExitMarker, StringComparison.Ordinal)));
    }

    /// <summary>One line for people: what happened.</summary>
    public string Summary => Outcome switch
    {
        RunOutcome.Exited when KernelExitCode == (int)ExitCode.KernelDied => $"kernel exited with code {KernelExitCode}: a satellite kernel died",
        RunOutcome.Exited => $"kernel exited with code {KernelExitCode}",
        RunOutcome.Panicked => $"kernel panic: {PanicMessage}",
        RunOutcome.DiedWithoutStatus => "the guest stopped without reporting a status (triple fault, reset or power-off)",
        RunOutcome.TimedOut => $"no exit after {Elapsed.TotalSeconds:0.#} s: the guest hung and was killed",
        _ => Diagnostic ?? $"QEMU failed with status {QemuStatus}",
    };

    /// <summary>Decodes a finished run.</summary>
    public static QemuResult Decode(int status, IReadOnlyList<string> console, TimeSpan elapsed, TimeSpan? firstOutput, string? stderr)
    {
        int? reported = null;
        List<string> machine = MachineLines(console);
        foreach (string line in machine)
            if (line.StartsWith(HostProtocol.ExitMarker, StringComparison.Ordinal) && int.TryParse(line[HostProtocol.ExitMarker.Length..].Trim(), out int code))
                reported = code;

        if (status == 0)
            return new QemuResult(RunOutcome.DiedWithoutStatus, null, status, console, elapsed, firstOutput, null);
        if ((status & 1) == 1 && reported is int kernelCode && (status >> 1) == (kernelCode & 0x7F))
        {
            bool panicked = kernelCode == (int)ExitCode.Panic && machine.Any(l => l.StartsWith(HostProtocol.PanicMarker, StringComparison.Ordinal));
            return new QemuResult(panicked ? RunOutcome.Panicked : RunOutcome.Exited, kernelCode, status, console, elapsed, firstOutput, null);
        }
        string why = reported is null
            ? $"QEMU exited with status {status} and the kernel never reported an exit" + (string.IsNullOrWhiteSpace(stderr) ? "" : $": {stderr.Trim()}")
            : $"QEMU exited with status {status}, which does not match the kernel's exit code {reported}";
        return new QemuResult(RunOutcome.QemuFailed, reported, status, console, elapsed, firstOutput, why);
    }
}
