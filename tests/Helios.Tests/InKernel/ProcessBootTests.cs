// ./helios boot runs apps: the default boot configuration (manifests/init.conf) or the app named by --run with the
// arguments after --, on both ISAs, each process's output under its name and its end reported by init.
using Xunit;

namespace Helios.Tests.InKernel;

public class ProcessBootTests
{
    // The boot's limit only catches hangs: generous, so that a loaded host cannot fail a boot (testing.md).
    private static (int Code, string Output) Boot(string isa, params string[] rest)
        => Cli.HeliosCommandTests.Run(["boot", "-c", TestData.Configuration, "--arch", isa, "--no-build", "--timeout", "300", .. rest]);

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void HelloRunsWithItsArgumentsAndInitReportsItsExitCode(string isa)
    {
        (int code, string output) = Boot(isa, "--run", "hello", "--", "a", "b", "c d");
        Assert.True(code == 0, output);
        Assert.Contains("init: starting hello (pid 1) with arguments: a b c d", output);
        Assert.Contains("[hello] hello from a process: 3 argument(s)", output);
        Assert.Contains("[hello]   args[2] = c d", output);
        Assert.Contains("init: hello (pid 1) exited with code 3", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheBootConfigurationStartsItsApps(string isa)
    {
        (int code, string output) = Boot(isa);
        Assert.True(code == 0, output);
        Assert.Contains("[hello] hello from a process: 4 argument(s)", output);
        Assert.Contains("[hello]   args[0] = from", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void ACrashingProcessDiesAloneNamingItsMethod(string isa)
    {
        (int code, string output) = Boot(isa, "--run", "crash", "--", "null");
        Assert.True(code == 0, output);
        Assert.Contains("kernel: process crash (pid 1) killed: unhandled exception: System.NullReferenceException", output);
        // The stack trace, innermost first, with the process's own method names.
        int walk = output.IndexOf("   at Crash.Program.Walk", StringComparison.Ordinal);
        int main = output.IndexOf("   at Crash.Program.Main", StringComparison.Ordinal);
        Assert.True(walk > 0 && main > walk, output);
        Assert.Contains("init: crash (pid 1) was killed", output);
    }

    [Fact]
    public void AnAppThatIsNotThereIsAClearFailure()
    {
        (int code, string output) = Boot("x86_64", "--run", "no-such-app");
        Assert.True(code == 1, output);
        Assert.Contains("init: cannot start no-such-app: no-such-app: no such app in the boot bundle", output);
    }

    [Theory]
    [InlineData("two words")]
    [InlineData("")]
    public void ANameTheCommandLineCannotCarryIsAUsageError(string app)
    {
        (int code, string output) = Boot("x86_64", "--run", app);
        Assert.True(code == 2, output);
        Assert.Contains("is not an app name", output);
    }
}
