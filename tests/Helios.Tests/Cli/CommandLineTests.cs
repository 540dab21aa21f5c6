// The helios command: wrong arguments get a clear message and a non-zero exit, never a stack trace.
using System.Diagnostics;
using Xunit;

namespace Helios.Tests.Cli;

public class HeliosCommandTests
{
    private static readonly string Cli = Path.Combine(TestData.Repo.Root, "artifacts", "bin", "Helios.Cli", "debug", "helios.dll");

    internal static (int ExitCode, string Output) Run(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        start.ArgumentList.Add(Cli);
        foreach (string arg in args) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        string output = process.StandardOutput.ReadToEnd() + process.StandardError.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output);
    }

    [Theory]
    [InlineData("is not an ISA Helios knows", "boot", "--arch", "sparc", "--no-build")]
    [InlineData("--arch", "boot", "--no-build")]
    [InlineData("must be a positive number", "boot", "--arch", "x86_64", "--smp", "0", "--no-build")]
    [InlineData("is not a size", "boot", "--arch", "x86_64", "--mem", "lots", "--no-build")]
    [InlineData("is not an image", "boot", "--arch", "arm64", "--image", "bios", "--no-build")]
    [InlineData("Unrecognized command or argument", "frobnicate")]
    [InlineData("must be a positive number", "test", "--timeout", "-3", "--no-build")]
    public void BadArgumentsAreExplained(string expected, params string[] args)
    {
        (int code, string output) = Run(args);
        Assert.NotEqual(0, code);
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
        Assert.DoesNotContain("Exception", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void BootExitsWithTheKernelsStatus(string isa)
    {
        (int code, string output) = Run("boot", "--arch", isa, "--no-build", "--", "from", "the", "tests");
        Assert.True(code == 0, output);
        Assert.Contains($"Helios kernel for {isa}", output);
        Assert.Contains("command line: \"from the tests\"", output);
    }

    [Fact]
    public void APanicIsTheExitStatus()
    {
        (int code, string output) = Run("boot", "--arch", "x86_64", "--image", "tests", "--no-build", "--", "test=Panic.ExplicitPanic");
        Assert.Equal(2, code);
        Assert.Contains("HELIOS-PANIC out of coffee", output);
    }

    [Fact]
    public void AHangIsKilledWithAClearMessage()
    {
        (int code, string output) = Run("boot", "--arch", "arm64", "--image", "tests", "--no-build", "--timeout", "3", "--", "test=Harness.Hangs");
        Assert.Equal(124, code);
        Assert.Contains("hung and was killed", output);
    }
}
