// How a Linux comparison run is judged: the one good ending (end marker, then power-off) and every way it can fail.
using Helios.Tooling;
using Helios.Tooling.Bench;
using Helios.Tooling.Bench.Linux;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Bench;

public class LinuxBenchRunnerTests
{
    private static IEnumerable<string> AllResults(int reps = 11)
        => LinuxBenchRunner.Cases.Select((c, i) => $"RESULT name={c} unit=ticks median={1000 + i} min={900 + i} iters={reps}");

    private static QemuResult PoweredOff(IEnumerable<string> console) => QemuResult.Decode(0, console.ToList(), TimeSpan.FromSeconds(20), null, "");

    private static string FailureOf(QemuResult qemu, int reps = 11)
        => Assert.Throws<LinuxBenchException>(() => LinuxBenchRunner.Interpret(qemu, reps)).Message;

    [Fact]
    public void AGoodRunEndsWithTheMarkerThenPowersOff()
    {
        IReadOnlyList<BenchResult> results = LinuxBenchRunner.Interpret(
            PoweredOff(["[    1.9] Run /init as init process", "BENCH-START linux 6.1.0", .. AllResults(), "BENCH-END ok", "reboot: Power down"]), 11);
        Assert.Equal(LinuxBenchRunner.Cases, results.Select(r => r.Name));
    }

    [Fact]
    public void AHangIsAFailure()
    {
        var qemu = new QemuResult(RunOutcome.TimedOut, null, -1, ["BENCH-START linux", "RESULT name=sched_yield unit=ticks median=1 min=1 iters=11"],
            TimeSpan.FromSeconds(600), null, null);
        string message = FailureOf(qemu);
        Assert.Contains("no 'BENCH-END ok' after 600 s: the guest hung", message);
        Assert.Contains("last console lines:\n  BENCH-START linux", message);
    }

    [Fact]
    public void StoppingWithoutTheEndMarkerIsAFailureThatQuotesThePanic()
    {
        string message = FailureOf(PoweredOff(["BENCH-START linux", "RESULT name=sched_yield unit=ticks median=1 min=1 iters=11",
            "[ 3.1] Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b"]));
        Assert.Contains("the guest stopped without 'BENCH-END ok' (", message);
        Assert.Contains("Attempted to kill init", message);
    }

    [Fact]
    public void StoppingBeforeTheStartIsSaidSo()
        => Assert.Contains("stopped before the benchmark started", FailureOf(PoweredOff(["[ 0.5] Kernel panic - not syncing: VFS: Unable to mount root fs"])));

    [Fact]
    public void AnEmptyConsoleIsSaidSo() => Assert.Contains("the console was empty", FailureOf(PoweredOff([])));

    [Fact]
    public void ACaseThatFailedInTheGuestIsReported()
    {
        string message = FailureOf(PoweredOff(["BENCH-START linux", "BENCH-ERROR pipe_pingpong: fork: Cannot allocate memory", "BENCH-END failed"]));
        Assert.StartsWith("the benchmark failed: pipe_pingpong: fork: Cannot allocate memory", message);
    }

    [Fact]
    public void QemuFailingIsNotPowerOff()
    {
        QemuResult qemu = QemuResult.Decode(1, [], TimeSpan.Zero, null, "qemu-system-x86_64: -initrd: cannot open");
        Assert.Contains("QEMU did not power off cleanly", FailureOf(qemu));
    }

    [Fact]
    public void AMissingCaseIsAFailure()
    {
        var console = new List<string> { "BENCH-START linux" };
        console.AddRange(AllResults().Where(l => !l.Contains("getpid")));
        console.Add("BENCH-END ok");
        Assert.Contains("did not report getpid", FailureOf(PoweredOff(console)));
    }

    [Fact]
    public void RepetitionsOtherThanAskedAreAFailure()
        => Assert.Contains("reports iters=12, asked for 11", FailureOf(PoweredOff(["BENCH-START linux", .. AllResults(12), "BENCH-END ok"])));

    [Fact]
    public void AMalformedResultIsAFailureWithItsLine()
    {
        string message = FailureOf(PoweredOff(["BENCH-START linux", "RESULT name=getpid unit=ticks median=x min=1 iters=11", "BENCH-END ok"]));
        Assert.Contains("console:2:", message);
        Assert.Contains("median='x' is not a whole number", message);
    }

    [Fact]
    public void TheKernelCommandLineEndsWithTheBenchmarksArguments()
    {
        Assert.Equal("console=ttyS0 quiet panic=-1 maxcpus=1 -- --reps 15", LinuxBenchRunner.KernelCommandLine(Isa.X86_64, 15, ""));
        Assert.Equal("console=ttyAMA0 quiet panic=-1 maxcpus=1 mitigations=off -- --reps 11", LinuxBenchRunner.KernelCommandLine(Isa.Arm64, 11, " mitigations=off "));
    }

    [Fact]
    public void TheFsSuiteGetsItsSettingsAndReportsTheReadOfItsSize()
    {
        Assert.Equal("console=ttyS0 quiet panic=-1 maxcpus=1 -- --reps 11 --suite fs files=10 seq-mib=1",
            LinuxBenchRunner.KernelCommandLine(Isa.X86_64, 11, "", ["files=10", "seq-mib=1"]));
        Assert.Equal(["postmark", "seq_read_16m"], LinuxBenchRunner.FsCases([]));
        Assert.Equal(["postmark", "seq_read_1m"], LinuxBenchRunner.FsCases(["files=10", "seq-mib=1"]));
        Assert.Equal(["postmark"], LinuxBenchRunner.FsCases(["seq-mib=0"]));
    }

    [Fact]
    public void AnFsRunWithoutItsSequentialReadIsAFailure()
    {
        string message = Assert.Throws<LinuxBenchException>(() => LinuxBenchRunner.Interpret(PoweredOff(["BENCH-START linux 6.1.0",
            "RESULT name=postmark unit=tx_per_s median=3000 min=2800 iters=11", "BENCH-END ok"]), 11, LinuxBenchRunner.FsCases([]))).Message;
        Assert.Contains("did not report seq_read_16m", message);
    }

    [Fact]
    public void ModuleDependenciesAreReadFromModinfo()
    {
        byte[] module = [0x7f, .. "ELF\0license=GPL\0depends=virtio_ring,virtio\0vermagic=6.1.0\0"u8.ToArray()];
        Assert.Equal(["virtio_ring", "virtio"], LinuxBenchBuilder.ModuleDependencies(module));
        Assert.Empty(LinuxBenchBuilder.ModuleDependencies([.. "\0depends=\0name=fat\0"u8.ToArray()]));
        Assert.Empty(LinuxBenchBuilder.ModuleDependencies([1, 2, 3]));
    }

    [Fact]
    public void TheKernelsConfigDecidesWhichModulesAreLoaded()
    {
        // arm64's Debian kernel builds virtio and its ring in; amd64's builds them as modules.
        string[] config = LinuxBenchBuilder.FsModules.Select(m => m.Config + (m.Config == "CONFIG_VIRTIO" ? "=y" : "=m")).Distinct().ToArray();
        IReadOnlyList<string> load = LinuxBenchBuilder.FsModulesToLoad(["# CONFIG_X is not set", .. config]);
        Assert.Equal(["virtio_pci_modern_dev", "virtio_pci_legacy_dev", "virtio_pci", "virtio_blk", "fat", "vfat", "nls_cp437", "nls_ascii"], load);
        var e = Assert.Throws<LinuxBenchException>(() => LinuxBenchBuilder.FsModulesToLoad(config.Where(c => !c.StartsWith("CONFIG_VFAT_FS="))));
        Assert.Contains("CONFIG_VFAT_FS (vfat)", e.Message);
    }

    [Fact]
    public async Task TooFewRepetitionsAreRefusedBeforeBooting()
    {
        var artifacts = new LinuxBenchArtifacts(Isa.X86_64, new KernelPackage("k", "1", "m"), "/nonexistent/vmlinuz", "/nonexistent/config",
            "/nonexistent/initramfs", [], TimeSpan.Zero);
        var e = await Assert.ThrowsAsync<LinuxBenchException>(() => LinuxBenchRunner.RunAsync(artifacts, 5, TimeSpan.FromSeconds(1)));
        Assert.Contains("needs 11 to 100000 repetitions", e.Message);
    }
}
