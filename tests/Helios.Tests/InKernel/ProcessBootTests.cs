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
        Assert.True(code == 3, output);     // hello's own exit code: its argument count
        Assert.Contains("init: starting hello (pid 1) with arguments: a b c d", output);
        Assert.Contains("[hello] hello from a process: 3 argument(s)", output);
        Assert.Contains("[hello]   args[2] = c d", output);
        Assert.Contains("init: hello (pid 1) exited with code 3", output);
        Assert.Contains($"helios: {isa}: hello exited with code 3; exit code 3", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void AnAppThatSucceedsExitsWithZero(string isa)
    {
        (int code, string output) = Boot(isa, "--run", "hello");
        Assert.True(code == 0, output);
        Assert.Contains("init: hello (pid 1) exited with code 0", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheBootConfigurationStartsItsApps(string isa)
    {
        (int code, string output) = Boot(isa);
        Assert.True(code == 0, output);     // every process ended as init.conf expects (hello: expect=4)
        Assert.Contains("[hello] hello from a process: 4 argument(s)", output);
        Assert.DoesNotContain("did not end as init.conf expects", output);
        Assert.Contains("[hello]   args[0] = from", output);
    }

    // Several --run apps at once, each with the arguments in its value; the first non-zero exit code is the run's.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void SeveralAppsRunTogetherAndTheFirstNonZeroCodeIsTheRuns(string isa)
    {
        (int code, string output) = Boot(isa, "--run", "crash caught", "--run", "hello a b");
        Assert.True(code == 2, output);     // crash caught exits 0; hello returns its argument count
        Assert.Contains("init: starting crash (pid 1) with arguments: caught", output);
        Assert.Contains("init: starting hello (pid 2) with arguments: a b", output);
        Assert.Contains("[crash] caught the null dereference; going on", output);
        Assert.Contains("init: crash (pid 1) exited with code 0", output);
        Assert.Contains("init: hello (pid 2) exited with code 2", output);
        Assert.Contains($"helios: {isa}: hello exited with code 2; exit code 2", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void ACrashingProcessDiesAloneNamingItsMethod(string isa)
    {
        (int code, string output) = Boot(isa, "--run", "crash", "--", "null");
        Assert.True(code == 137, output);   // killed by the kernel
        Assert.Contains("kernel: process crash (pid 1) killed: unhandled exception: System.NullReferenceException", output);
        // The stack trace, innermost first, with the process's own method names.
        int walk = output.IndexOf("   at Crash.Program.Walk", StringComparison.Ordinal);
        int main = output.IndexOf("   at Crash.Program.Main", StringComparison.Ordinal);
        Assert.True(walk > 0 && main > walk, output);
        Assert.Contains("init: crash (pid 1) was killed", output);
    }

    // Refused before booting, as a usage error, with the names it may have meant.
    [Theory]
    [InlineData("helo", "did you mean 'hello'?")]
    [InlineData("no-such-app", "the apps are bench-abi, ")]
    public void AnAppThatIsNotThereIsAUsageErrorBeforeBooting(string app, string hint)
    {
        (int code, string output) = Boot("x86_64", "--run", app);
        Assert.True(code == 2, output);
        Assert.Contains($"helios: --run: no app '{app}' in the x86_64 boot bundle; {hint}", output);
        Assert.DoesNotContain("booting", output);
    }

    // The limit counts from QEMU's start; the app spins until it runs out.
    [Fact]
    public void AnAppThatDoesNotFinishInTimeIs124()
    {
        (int code, string output) = Cli.HeliosCommandTests.Run(["boot", "-c", TestData.Configuration, "--arch", "arm64", "--no-build", "--timeout", "20", "--run", "crash", "--", "spin"]);
        Assert.True(code == 124, output);
        Assert.Contains("helios: arm64: crash did not finish: no exit after", output);
    }

    // Ctrl-C (SIGINT to helios): it stops QEMU and exits with 130. Started through env --default-signal=INT: a
    // process started in the background by a non-interactive shell (as a CI job may start this suite) ignores SIGINT,
    // and its children inherit that, where a terminal's foreground job never does.
    [Fact]
    public void CtrlCIs130()
    {
        var start = new System.Diagnostics.ProcessStartInfo("env") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        foreach (string arg in (string[])["--default-signal=INT", "dotnet", TestData.Bin("Helios.Cli", "helios.dll"), "boot", "-c", TestData.Configuration, "--arch", "x86_64", "--no-build", "--timeout", "300", "--run", "crash", "--", "spin"])
            start.ArgumentList.Add(arg);
        using var helios = System.Diagnostics.Process.Start(start)!;
        var output = new System.Text.StringBuilder();
        _ = helios.StandardError.ReadToEndAsync();
        while (helios.StandardOutput.ReadLine() is string line)
        {
            output.AppendLine(line);
            if (line.Contains("[crash] crashing by spin")) Assert.Equal(0, Signals.Kill(helios.Id, Signals.Interrupt));   // env exec'd dotnet: same pid
        }
        Assert.True(helios.WaitForExit(60_000), output.ToString());
        Assert.True(helios.ExitCode == 130, output.ToString());
        Assert.Contains("helios: x86_64: interrupted", output.ToString());
    }

    private static class Signals
    {
        public const int Interrupt = 2;

        [System.Runtime.InteropServices.DllImport("libc", EntryPoint = "kill", SetLastError = true)]
        public static extern int Kill(int pid, int signal);
    }

    // ("two words" is the app two with the argument words: a --run value carries the app's arguments.)
    [Theory]
    [InlineData("he/llo")]
    [InlineData("")]
    [InlineData("  ")]
    public void ANameTheCommandLineCannotCarryIsAUsageError(string app)
    {
        (int code, string output) = Boot("x86_64", "--run", app);
        Assert.True(code == 2, output);
        Assert.Contains("is not an app name", output);
    }
}
