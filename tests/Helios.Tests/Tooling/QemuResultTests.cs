// Decoding how a run ended: the exit protocol (status (code << 1) | 1 plus "HELIOS-EXIT <code>") and its failures.
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Tooling;

public class QemuResultTests
{
    private static QemuResult Decode(int status, params string[] console)
        => QemuResult.Decode(status, console, TimeSpan.FromSeconds(1), null, "");

    [Fact]
    public void CleanExit()
    {
        QemuResult r = Decode(1, "banner", "HELIOS-EXIT 0");
        Assert.Equal(RunOutcome.Exited, r.Outcome);
        Assert.Equal(0, r.KernelExitCode);
        Assert.True(r.Succeeded);
    }

    [Fact]
    public void FailureExit()
    {
        QemuResult r = Decode(3, "HELIOS-EXIT 1");
        Assert.Equal((RunOutcome.Exited, 1), (r.Outcome, r.KernelExitCode));
        Assert.False(r.Succeeded);
    }

    [Fact]
    public void Panic()
    {
        QemuResult r = Decode(5, "", "HELIOS-PANIC out of coffee", "  at 0x1000 Foo.Bar+0x4", "HELIOS-EXIT 2");
        Assert.Equal(RunOutcome.Panicked, r.Outcome);
        Assert.Equal("out of coffee", r.PanicMessage);
        Assert.Equal("HELIOS-PANIC out of coffee\n  at 0x1000 Foo.Bar+0x4", r.PanicReport);
    }

    [Fact]
    public void StatusZeroIsADeathWithoutStatus()
        => Assert.Equal(RunOutcome.DiedWithoutStatus, Decode(0, "banner", "HELIOS-EXIT 0").Outcome);

    // QEMU's own failures exit with 1, which would decode as a kernel exit 0: the exit line is what tells them apart.
    [Fact]
    public void QemuFailureIsNotAKernelSuccess()
    {
        QemuResult r = Decode(1);
        Assert.Equal(RunOutcome.QemuFailed, r.Outcome);
        Assert.False(r.Succeeded);
    }

    [Fact]
    public void StatusAndExitLineMustAgree() => Assert.Equal(RunOutcome.QemuFailed, Decode(7, "HELIOS-EXIT 0").Outcome);
}
