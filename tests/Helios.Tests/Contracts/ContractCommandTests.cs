// helios contract check/show: exit 0 when every file is valid, 1 on any error (each printed as
// file:line:column: HLnnnn: message), 2 on usage errors; never a crash, whatever the input.
using System.Diagnostics;
using Xunit;

namespace Helios.Tests.Contracts;

public class ContractCommandTests
{
    private static readonly string Cli = Path.Combine(TestData.Repo.Root, "artifacts", "bin", "Helios.Cli", "debug", "helios.dll");

    private static (int ExitCode, string Output) Run(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        start.ArgumentList.Add(Cli);
        foreach (string arg in args) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd() + stderr.Result;
        process.WaitForExit();
        Assert.DoesNotContain("   at ", output);
        Assert.DoesNotContain("Exception", output);
        return (process.ExitCode, output);
    }

    [Fact]
    public void ValidContractsExitZero()
    {
        (int code, string output) = Run("contract", "check", "src/Contracts");
        Assert.True(code == 0, output);
        Assert.Contains("9 files, 9 contracts: no errors", output);
        (code, output) = Run("contract", "check", "tests/Contracts/valid/extension.contract", "tests/Contracts/valid/ping-pong.contract");
        Assert.True(code == 0, output);
    }

    [Fact]
    public void ErrorsArePrintedWithFileLineAndColumn()
    {
        (int code, string output) = Run("contract", "check", "tests/Contracts/invalid/unknown-state.contract", "tests/Contracts/invalid/wrong-direction.contract");
        Assert.Equal(1, code);
        Assert.Contains("tests/Contracts/invalid/unknown-state.contract:6:35: HL0203: unknown state 'Strat'", output);
        Assert.Contains("tests/Contracts/invalid/wrong-direction.contract:7:18: HL0207: ", output);
        Assert.Contains("3 errors", output);
    }

    [Fact]
    public void EveryInvalidCorpusFileFailsAlone()
    {
        foreach (string file in ContractFiles.Invalid.Take(5))
        {
            (int code, string output) = Run("contract", "check", file);
            Assert.True(code == 1, output);
            Assert.Matches(@":\d+:\d+: HL\d{4}: ", output);
        }
    }

    [Fact]
    public void MissingFilesAndEmptyDirectoriesAreErrors()
    {
        (int code, string output) = Run("contract", "check", "no/such/file.contract");
        Assert.Equal(1, code);
        Assert.Contains("no/such/file.contract:1:1: HL0008: no such file or directory", output);
        string empty = Directory.CreateTempSubdirectory("helios-contracts-").FullName;
        try
        {
            (code, output) = Run("contract", "check", empty);
            Assert.Equal(1, code);
            Assert.Contains("HL0008: no .contract files in this directory", output);
        }
        finally
        {
            Directory.Delete(empty, recursive: true);
        }
    }

    [Fact]
    public void BinaryAndHugeFilesAreRejectedNotCrashedOn()
    {
        string dir = Directory.CreateTempSubdirectory("helios-contracts-").FullName;
        try
        {
            var bytes = new byte[200_000];
            new Random(7).NextBytes(bytes);
            string garbage = Path.Combine(dir, "garbage.contract");
            File.WriteAllBytes(garbage, bytes);
            (int code, string output) = Run("contract", "check", garbage);
            Assert.Equal(1, code);
            Assert.Contains("HL0001", output);

            string huge = Path.Combine(dir, "huge.contract");
            using (var stream = File.Create(huge)) stream.SetLength(64L << 20);
            (code, output) = Run("contract", "check", huge);
            Assert.Equal(1, code);
            Assert.Contains("huge.contract:1:1: HL0005: file has 67108864 bytes", output);

            string large = Path.Combine(dir, "large.contract");
            File.WriteAllText(large, new string(' ', 2 << 20));
            (code, output) = Run("contract", "check", large);
            Assert.Equal(1, code);
            Assert.Contains("large.contract:1:1: HL0005: file has 2097152 characters", output);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Theory]
    [InlineData("contract", "check")]
    [InlineData("contract")]
    [InlineData("contract", "check", "--frobnicate", "src/Contracts")]
    [InlineData("contract", "verify", "src/Contracts")]
    public void UsageErrorsExitTwo(params string[] args)
    {
        (int code, string output) = Run(args);
        Assert.True(code == 2, output);
    }

    [Fact]
    public void ShowPrintsTheWireFormat()
    {
        (int code, string output) = Run("contract", "show", "src/Contracts");
        Assert.True(code == 0, output);
        Assert.Contains("contract FileContract", output);
        Assert.Contains("id          0xDD4358A5FBC26CCD", output);
        Assert.Contains("@32    long offset", output);
        Assert.Contains("Ready after Read?", output);
        (code, output) = Run("contract", "show", "tests/Contracts/invalid/unknown-state.contract");
        Assert.Equal(1, code);
        Assert.Contains("HL0203", output);
    }
}
