// Each test boots TestedApp on the Helios kernel in QEMU (HeliosApp.Run: Helios.App.Testing) and checks what it
// printed and its exit code, on both ISAs. A boot takes seconds; HeliosApp.Timeout (10 minutes) only catches a hang.
using Helios.Testing;
using Xunit;

namespace HeliosTests;

public class TestedAppTests
{
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void GreetsAndExitsWithItsArgumentCount(string arch)
    {
        HeliosRun run = HeliosApp.Run(arch, "one", "two");
        // run.ToString() in the message: how it ended and everything the boot printed.
        Assert.True(run.ExitCode == 2, run.ToString());
        Assert.True(run.AppOutput.Contains("Hello from TestedApp, with 2 argument(s)!"), run.ToString());
    }
}
