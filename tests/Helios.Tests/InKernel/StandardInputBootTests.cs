// ./helios boot --run APP gives the host's stdin to the app's stdin through the serial console (16550 on x86_64,
// PL011 on arm64), its end as ^D: what the guest printed shows the app read all of it, and nothing more; on numa2 the
// app may run on the satellite (wc@k1), its stdin crossing the link from the coordinator.
using System.Diagnostics;
using System.Text.RegularExpressions;
using Xunit;

namespace Helios.Tests.InKernel;

public class StandardInputBootTests
{
    private static readonly string Cli = TestData.Bin("Helios.Cli", "helios.dll");

    // The CLI as a user runs it with input piped in: `printf ... | ./helios boot --run app`.
    private static (int Code, string Output) BootWithInput(string input, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            WorkingDirectory = TestData.Repo.Root,
        };
        start.ArgumentList.Add(Cli);
        foreach (string arg in (string[])["boot", "-c", TestData.Configuration, "--no-build", "--timeout", "300", .. args]) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        process.StandardInput.BaseStream.Write(System.Text.Encoding.UTF8.GetBytes(input));
        process.StandardInput.Close();
        // Limits that only catch hangs: generous, since a shared, loaded CI machine may make a boot slow (testing.md).
        if (!process.WaitForExit(600_000))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException("helios boot did not finish in 600 s");
        }
        return (process.ExitCode, output.Result + error.Result);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void WcCountsWhatTheHostPipedIn(string isa)
    {
        (int code, string output) = BootWithInput("hello\nwörld, again\nno newline", "--arch", isa, "--run", "wc");
        Assert.True(code == 0, output);
        Assert.Contains("[wc] 2 5 30", output);             // lines, words, UTF-8 bytes: exactly what was sent
        Assert.Contains("init: wc (pid 1) exited with code 0", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void AnEmptyStdinEndsAtOnce(string isa)
    {
        (int code, string output) = BootWithInput("", "--arch", isa, "--run", "wc");
        Assert.True(code == 0, output);
        Assert.Contains("[wc] 0 0 0", output);
    }

    // The app runs on the satellite: the coordinator reads the serial port and the pipe's reader end crossed the link.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void WcOnTheSatelliteCountsWhatTheHostPipedIn(string isa)
    {
        (int code, string output) = BootWithInput("hello\nwörld, again\nno newline", "--arch", isa, "--topology", "numa2", "--run", "wc@k1");
        Assert.True(code == 0, output);
        Assert.Contains("k1: [wc] 2 5 30", output);
        Assert.Contains("k0: init: wc@k1 (pid 1) exited with code 0", output);
    }

    // Placed by the coordinator (no @kernel: wc's manifest has no affinities, so by load), wherever that is: the
    // host's stdin follows it.
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void APlacedWcCountsWhatTheHostPipedIn(string isa)
    {
        (int code, string output) = BootWithInput("hello\nwörld, again\nno newline", "--arch", isa, "--topology", "numa2", "--run", "wc");
        Assert.True(code == 0, output);
        Match placed = Regex.Match(output, @"k0: init: placement: wc -> (k[01]) by load");
        Assert.True(placed.Success, output);
        Assert.Contains($"{placed.Groups[1].Value}: [wc] 2 5 30", output);
        Assert.Contains("k0: init: wc (pid 1) exited with code 0", output);
    }

    [Fact]
    public void EachLineComesBackInOrderAndEveryIsaGetsTheSameInput()
    {
        string input = string.Concat(Enumerable.Range(0, 300).Select(i => $"line {i}\n"));
        (int code, string output) = BootWithInput(input, "--arch", "all", "--run", "stdio", "--", "echo");
        Assert.True(code == 0, output);
        foreach (string isa in new[] { "x86_64", "arm64" })
        {
            string[] echoed = output.Split('\n').Where(l => l.StartsWith($"[{isa}] [stdio] echo: ", StringComparison.Ordinal))
                .Select(l => l[$"[{isa}] [stdio] echo: ".Length..].TrimEnd('\r')).ToArray();
            Assert.Equal(Enumerable.Range(0, 300).Select(i => $"line {i}"), echoed);
            Assert.Contains($"[{isa}] [stdio] lines: 300", output);
        }
    }
}
