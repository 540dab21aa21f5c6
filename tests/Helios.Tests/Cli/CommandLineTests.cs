// The helios command: wrong arguments get a clear message and a non-zero exit, never a stack trace.
using System.Diagnostics;
using Xunit;

namespace Helios.Tests.Cli;

public class HeliosCommandTests
{
    private static readonly string Cli = TestData.Bin("Helios.Cli", "helios.dll");

    // Verbs that boot use this suite's configuration, so that they find the images it built.
    // A boot's limit only catches hangs: generous unless the test is about the limit itself (testing.md).
    private static (int ExitCode, string Output) Boot(params string[] args) =>
        Run(["boot", "-c", TestData.Configuration, .. args.Contains("--timeout") ? [] : (string[])["--timeout", "300"], .. args]);

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
    [InlineData("with several --run, give each app its arguments in its value (--run \"hello a\")", "boot", "--arch", "x86_64", "--no-build", "--run", "wc", "--run", "hello", "--", "a")]
    [InlineData("--run: 'he/llo' is not an app name", "boot", "--arch", "x86_64", "--no-build", "--run", "wc", "--run", "he/llo x")]
    [InlineData("must be a positive number", "test", "--timeout", "-3", "--no-build")]
    [InlineData("is not a configuration name", "test", "-c", "../Release", "--no-build")]
    [InlineData("is not a size", "capture", "--arch", "x86_64", "--mem", "-5", "--out", "/tmp/x", "--no-build")]
    [InlineData("must be a positive number", "capture", "--arch", "x86_64", "--timeout", "0", "--out", "/tmp/x", "--no-build")]
    [InlineData("16M is too little for x86_64, which needs at least 64M", "boot", "--arch", "x86_64", "--mem", "16", "--no-build")]
    [InlineData("is too little for arm64", "boot", "--arch", "all", "--mem", "47M", "--no-build")]
    [InlineData("is more than Helios supports (64G)", "capture", "--arch", "arm64", "--mem", "65G", "--out", "/tmp/x", "--no-build")]
    [InlineData("cannot create the directory for /proc/nope/x", "capture", "--arch", "x86_64", "--out", "/proc/nope/x", "--no-build")]
    [InlineData("it is a directory", "capture", "--arch", "x86_64", "--out", "/tmp", "--no-build")]
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
        (int code, string output) = Boot("--arch", isa, "--no-build", "--", "from", "the", "tests");
        Assert.True(code == 0, output);
        Assert.Contains($"Helios kernel for {isa}", output);
        // The words after --, then where the boot bundle is.
        Assert.Matches("command line: \"from the tests bundle=0x[0-9a-f]+,[0-9]+\"", output);
        Assert.Matches($@"helios: {isa}: kernel exited with code 0 \(\d+\.\d\d s; first output after \d+ ms\)", output);
    }

    [Fact]
    public void AnUnwritableCaptureFileIsReportedAfterTheBoot()
    {
        // /proc exists, so the directory is fine; the file cannot be created. The boot happens, the write fails.
        (int code, string output) = Run("capture", "-c", TestData.Configuration, "--arch", "x86_64", "--no-build", "--out", "/proc/helios-capture");
        Assert.Equal(1, code);
        Assert.Contains("cannot write /proc/helios-capture", output);
        Assert.DoesNotContain("   at ", output);
    }

    [Fact]
    public void CaptureWritesTheBootMemory()
    {
        string file = Path.Combine(Path.GetTempPath(), $"helios-capture-{Guid.NewGuid():N}", "arm64.memdump");
        try
        {
            (int code, string output) = Run("capture", "-c", TestData.Configuration, "--arch", "arm64", "--no-build", "--timeout", "60",
                "--smp", "3", "--mem", "256M", "--out", file);
            Assert.True(code == 0, output);
            string[] lines = File.ReadAllLines(file);
            Assert.StartsWith("# Helios boot memory capture (arm64, 3 CPUs, 256 MiB)", lines[0]);
            Assert.Equal("boot 0x40000000", lines[1]);
            Assert.True(lines.Length > 10, "too few lines of memory");
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(file)!, recursive: true);
        }
    }

    [Fact]
    public void APanicIsTheExitStatus()
    {
        (int code, string output) = Boot("--arch", "x86_64", "--image", "tests", "--no-build", "--", "test=Panic.ExplicitPanic");
        Assert.Equal(2, code);
        Assert.Contains("HELIOS-PANIC out of coffee", output);
    }

    [Fact]
    public void AHangIsKilledWithAClearMessage()
    {
        (int code, string output) = Boot("--arch", "arm64", "--image", "tests", "--no-build", "--timeout", "3", "--", "test=Harness.Hangs");
        Assert.Equal(124, code);
        Assert.Contains("hung and was killed", output);
    }
}
