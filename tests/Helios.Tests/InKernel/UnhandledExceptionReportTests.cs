// An exception nothing catches ends the kernel with a panic that names the exception and, below it, the methods it
// passed, innermost first, as the image's symbol table names them.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Helios.Tooling.Testing;
using Xunit;

namespace Helios.Tests.InKernel;

public class UnhandledExceptionReportTests
{
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ThePanicListsTheFramesInnermostFirst(string isa)
    {
        TestRunReport report = await new KernelTestSession(TestData.Repo, TestData.Configuration) { Timeout = TimeSpan.FromSeconds(60) }
            .RunAsync(IsaNames.Parse(isa), "Panic.UnhandledExceptionPanicsWithItsStackTrace");

        Assert.True(Assert.Single(report.Results).Passed, report.Run.PanicReport);
        string[] lines = report.Run.PanicReport.Split('\n');
        Assert.StartsWith("HELIOS-PANIC unhandled exception: System.InvalidOperationException: not enough fuel: 2", lines[0]);
        string[] expected =
        [
            "Helios.Kernel.Tests.Kernel.PanicTests.Ignite + 0x",
            "Helios.Kernel.Tests.Kernel.PanicTests.Launch + 0x",
            "Helios.Kernel.Tests.Kernel.PanicTests.UnhandledExceptionPanicsWithItsStackTrace + 0x",
            "Helios.Kernel.Tests.Runner.TestRunner.",
        ];
        string[] frames = lines.Skip(1).Where(l => l.TrimStart().StartsWith("at ", StringComparison.Ordinal)).ToArray();
        Assert.True(frames.Length >= expected.Length, report.Run.PanicReport);
        for (int i = 0; i < expected.Length; i++)
            Assert.Contains(expected[i], frames[i]);
    }
}
