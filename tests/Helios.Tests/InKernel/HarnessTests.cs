// The harness must never call a broken kernel a success. The test image carries probes that misbehave on purpose
// (tests/Kernel/Harness); each must come back as the failure it is, on both ISAs.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Helios.Tooling.Testing;
using Xunit;

namespace Helios.Tests.InKernel;

public class HarnessTests
{
    // The limit counts from when the guest starts the probe (KernelTestSession), so a loaded host slows the boot but
    // cannot make a probe time out before it ran.
    private static Task<TestRunReport> Run(string isa, string probe, int timeoutSeconds = 60)
        => new KernelTestSession(TestData.Repo, TestData.Configuration) { Timeout = TimeSpan.FromSeconds(timeoutSeconds) }
            .RunAsync(IsaNames.Parse(isa), "Harness." + probe);

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task AFailingTestIsAFailure(string isa)
    {
        TestRunReport report = await Run(isa, "Fails");
        InKernelTestResult result = Assert.Single(report.Results);
        Assert.Equal(InKernelTestStatus.Failed, result.Status);
        Assert.Contains("expected 2, got 3", result.Message);
        Assert.Equal(RunOutcome.Exited, report.Run.Outcome);
        Assert.Equal(1, report.Run.KernelExitCode);
        Assert.False(report.Run.Succeeded);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task AnExceptionEscapingATestFailsItAndTheRunGoesOn(string isa)
    {
        TestRunReport report = await Run(isa, "Throws");
        InKernelTestResult result = Assert.Single(report.Results);
        Assert.Equal(InKernelTestStatus.Failed, result.Status);
        Assert.Contains("unhandled exception: System.InvalidOperationException: the harness asked for an exception", result.Message);
        Assert.Contains("HarnessTests.Throws", result.Message);
        Assert.Equal(RunOutcome.Exited, report.Run.Outcome);
        Assert.Equal(1, report.Run.KernelExitCode);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task APanicIsAFailure(string isa)
    {
        TestRunReport report = await Run(isa, "Panics");
        InKernelTestResult result = Assert.Single(report.Results);
        Assert.Equal(InKernelTestStatus.Crashed, result.Status);
        Assert.Contains("the harness asked for a panic", result.Message);
        Assert.Equal(RunOutcome.Panicked, report.Run.Outcome);
        Assert.NotNull(report.Problem);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task DyingWithoutAStatusIsAFailure(string isa)
    {
        TestRunReport report = await Run(isa, "DiesWithoutStatus");
        Assert.Equal(RunOutcome.DiedWithoutStatus, report.Run.Outcome);
        Assert.Equal(0, report.Run.QemuStatus);
        Assert.Equal(InKernelTestStatus.Crashed, Assert.Single(report.Results).Status);
        Assert.NotNull(report.Problem);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task AHangIsAFailure(string isa)
    {
        TestRunReport report = await Run(isa, "Hangs", timeoutSeconds: 5);
        Assert.Equal(RunOutcome.TimedOut, report.Run.Outcome);
        Assert.Equal(InKernelTestStatus.Crashed, Assert.Single(report.Results).Status);
        Assert.Contains("hung", report.Problem);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ATestThatShouldPanicButReturnsIsAFailure(string isa)
    {
        TestRunReport report = await Run(isa, "ReturnsInsteadOfPanicking");
        InKernelTestResult result = Assert.Single(report.Results);
        Assert.Equal(InKernelTestStatus.Failed, result.Status);
        Assert.Contains("the test returned", result.Message);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task AMissingImageIsAFailure(string isa)
    {
        QemuResult result = await QemuRunner.RunAsync(new QemuOptions(IsaNames.Parse(isa), "/nonexistent/helios.elf"));
        Assert.Equal(RunOutcome.QemuFailed, result.Outcome);
        Assert.Contains("image not found", result.Summary);
    }
}
