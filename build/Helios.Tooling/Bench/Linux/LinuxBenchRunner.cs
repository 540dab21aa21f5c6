// Boots the Linux comparison in the benchmark machine (BenchmarkMachine) and turns its console into results: the
// kernel suite (RunAsync), or the file system suite on a fresh FAT32 disk (RunFsAsync). The guest prints BENCH-START,
// one RESULT line per case, BENCH-END ok, then powers off (QEMU exits with status 0). Anything else is a failure with
// the reason: a case that failed (BENCH-ERROR), a guest that stopped without the end marker (a kernel panic resets it,
// and -no-reboot makes that an exit), a hang past the timeout, a malformed or missing result.
using Helios.Tooling.Disk;
using Helios.Tooling.Qemu;

namespace Helios.Tooling.Bench.Linux;

/// <param name="Qemu">The boot that produced the results; null when they came from LinuxBenchResultCache.</param>
public sealed record LinuxBenchRun(LinuxBenchArtifacts Artifacts, QemuOptions Options, IReadOnlyList<BenchResult> Results, QemuResult? Qemu)
{
    public bool FromCache => Qemu is null;
}

public static class LinuxBenchRunner
{
    public const string StartMarker = "BENCH-START";
    public const string EndMarker = "BENCH-END ok";
    public const string ErrorMarker = "BENCH-ERROR";

    /// <summary>The methodology's floor (docs/benchmarking.md): at least 11 repetitions after the warm-up.</summary>
    public const int MinimumReps = 11;

    public const int MaximumReps = 100000;

    /// <summary>What the benchmark program reports, in its order.</summary>
    public static readonly IReadOnlyList<string> Cases =
    [
        "sched_yield", "futex_pingpong", "getpid", "throw_catch_1frame", "throw_catch_10frames",
        "pipe_pingpong_1", "pipe_pingpong_4096", "pipe_pingpong_65536", "fork_exec_wait",
    ];

    /// <summary>
    /// What the file system suite reports with the postmark app's settings (name=value, as `bench fs` passes them):
    /// postmark, then seq_read_&lt;seq-mib&gt;m unless seq-mib is 0.
    /// </summary>
    public static IReadOnlyList<string> FsCases(IReadOnlyList<string> settings)
    {
        string? seqMib = settings.LastOrDefault(s => s.StartsWith("seq-mib=", StringComparison.Ordinal))?["seq-mib=".Length..];
        ulong mib = seqMib is null ? 16 : ulong.Parse(seqMib, System.Globalization.CultureInfo.InvariantCulture);
        return mib == 0 ? ["postmark"] : ["postmark", $"seq_read_{mib}m"];
    }

    /// <summary>
    /// The kernel command line: the ISA's arguments, the user's, then the benchmark's own after "--"; with
    /// fsSettings, "--suite fs" and those settings.
    /// </summary>
    public static string KernelCommandLine(Isa isa, int reps, string extraArguments, IReadOnlyList<string>? fsSettings = null)
    {
        string extra = extraArguments.Trim();
        return LinuxBenchTarget.For(isa).KernelArguments + (extra.Length > 0 ? " " + extra : "") + $" -- --reps {reps}"
            + (fsSettings is null ? "" : " --suite fs" + string.Concat(fsSettings.Select(s => " " + s)));
    }

    public static QemuOptions Options(LinuxBenchArtifacts artifacts, int reps, TimeSpan timeout, string extraArguments = "")
        => BenchmarkMachine.Options(artifacts.Isa, artifacts.Vmlinuz) with
        {
            Initrd = artifacts.Initramfs,
            KernelArguments = KernelCommandLine(artifacts.Isa, reps, extraArguments),
            Timeout = timeout,
        };

    /// <summary>The file system suite's machine: the fs initramfs and the disk attached as Helios's bench fs attaches it.</summary>
    public static QemuOptions FsOptions(LinuxBenchArtifacts artifacts, int reps, TimeSpan timeout, string disk, IReadOnlyList<string> settings,
        string extraArguments = "")
        => Options(artifacts, reps, timeout, extraArguments) with
        {
            Initrd = artifacts.FsInitramfs,
            KernelArguments = KernelCommandLine(artifacts.Isa, reps, extraArguments, settings),
            Disk = disk,
        };

    /// <summary>Where the file system suite's fresh disk image is made.</summary>
    public static string FsDisk(LinuxBenchArtifacts artifacts) => Path.Combine(Path.GetDirectoryName(artifacts.FsInitramfs)!, "disk.img");

    /// <summary>
    /// Boots the file system suite on a fresh FAT32 image made as Helios's bench fs makes its own, and returns its
    /// figures. They are not saved for reuse: the disk's requests complete in QEMU's I/O thread, so runs differ.
    /// </summary>
    public static async Task<LinuxBenchRun> RunFsAsync(LinuxBenchArtifacts artifacts, int reps, TimeSpan timeout, IReadOnlyList<string> settings,
        string extraArguments = "", Action<string>? onLine = null, CancellationToken cancellation = default)
    {
        if (reps is < MinimumReps or > MaximumReps)
            throw new LinuxBenchException($"--reps {reps}: the methodology needs {MinimumReps} to {MaximumReps} repetitions");
        string disk = FsDisk(artifacts);
        File.Delete(disk);
        try
        {
            FatImage.Create(disk, BenchmarkMachine.FsDiskMiB, from: null);
        }
        catch (FatImage.ToolException e)
        {
            throw new LinuxBenchException($"cannot make the disk image {disk}: {e.Message}");
        }
        QemuOptions options = FsOptions(artifacts, reps, timeout, disk, settings, extraArguments);
        QemuResult qemu = await QemuRunner.RunAsync(options, onLine, cancellation);
        return new LinuxBenchRun(artifacts, options, Interpret(qemu, reps, FsCases(settings)), qemu);
    }

    /// <summary>
    /// Boots the comparison and returns its figures, which are also saved (LinuxBenchResultCache). With
    /// `reuseSaved`, figures saved by an identical earlier run are returned without booting.
    /// </summary>
    public static async Task<LinuxBenchRun> RunAsync(LinuxBenchArtifacts artifacts, int reps, TimeSpan timeout, string extraArguments = "",
        Action<string>? onLine = null, bool reuseSaved = false, CancellationToken cancellation = default)
    {
        if (reps is < MinimumReps or > MaximumReps)
            throw new LinuxBenchException($"--reps {reps}: the methodology needs {MinimumReps} to {MaximumReps} repetitions");
        QemuOptions options = Options(artifacts, reps, timeout, extraArguments);
        string saved = LinuxBenchResultCache.PathFor(Path.GetDirectoryName(artifacts.Initramfs)!, await LinuxBenchResultCache.KeyAsync(options, cancellation));
        if (reuseSaved && LinuxBenchResultCache.TryLoad(saved) is IReadOnlyList<BenchResult> known)
            return new LinuxBenchRun(artifacts, options, known, null);

        QemuResult qemu = await QemuRunner.RunAsync(options, onLine, cancellation);
        IReadOnlyList<BenchResult> results = Interpret(qemu, reps);
        LinuxBenchResultCache.Save(saved, results);
        return new LinuxBenchRun(artifacts, options, results, qemu);
    }

    /// <summary>The results of a finished run, or a LinuxBenchException that says what went wrong.</summary>
    public static IReadOnlyList<BenchResult> Interpret(QemuResult qemu, int reps, IReadOnlyList<string>? cases = null)
    {
        cases ??= Cases;
        IReadOnlyList<string> console = qemu.Console;
        string? error = console.FirstOrDefault(l => l.StartsWith(ErrorMarker, StringComparison.Ordinal));
        if (error is not null) throw Failure($"the benchmark failed: {error[ErrorMarker.Length..].Trim()}", console);
        bool ended = console.Any(l => l == EndMarker);
        switch (qemu.Outcome)
        {
            case RunOutcome.TimedOut:
                throw Failure($"no '{EndMarker}' after {qemu.Elapsed.TotalSeconds:0} s: the guest hung and was killed (raise --timeout if the host is busy)", console);
            case RunOutcome.DiedWithoutStatus when ended:
                break;   // powered off after the end marker: the one good ending
            case RunOutcome.DiedWithoutStatus:
                string? panic = console.FirstOrDefault(l => l.Contains("Kernel panic", StringComparison.Ordinal));
                throw Failure(!console.Any(l => l.StartsWith(StartMarker, StringComparison.Ordinal))
                    ? $"the guest stopped before the benchmark started{(panic is null ? "" : $" ({panic.Trim()})")}"
                    : $"the guest stopped without '{EndMarker}'{(panic is null ? "" : $" ({panic.Trim()})")}", console);
            default:
                throw Failure($"QEMU did not power off cleanly: {qemu.Summary}", console);
        }

        BenchParseResult parsed = BenchResultParser.ParseConsole(console);
        if (!parsed.Ok)
            throw new LinuxBenchException("malformed results:\n" + string.Join("\n", parsed.Errors.Select(e => e.Format("console"))));
        string[] missing = cases.Where(c => parsed.Results.All(r => r.Name != c)).ToArray();
        if (missing.Length > 0) throw Failure($"the guest did not report {string.Join(", ", missing)}", console);
        BenchResult? wrongReps = parsed.Results.FirstOrDefault(r => r.Iterations != reps);
        if (wrongReps is not null) throw Failure($"{wrongReps.Name} reports iters={wrongReps.Iterations}, asked for {reps}", console);
        return parsed.Results;
    }

    private static LinuxBenchException Failure(string message, IReadOnlyList<string> console)
    {
        IEnumerable<string> tail = console.Skip(Math.Max(0, console.Count - 15));
        return new LinuxBenchException(console.Count == 0
            ? message + " (the console was empty)"
            : message + "\nlast console lines:\n  " + string.Join("\n  ", tail));
    }
}
