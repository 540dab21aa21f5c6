// Runs the built helios command (artifacts/bin/Helios.Cli) as a user would, capturing its exit code and output.
using System.Diagnostics;

namespace Helios.Tests.Cli;

internal static class HeliosProcess
{
    private static readonly string Cli = Path.Combine(TestData.Repo.Root, "artifacts", "bin", "Helios.Cli", "debug", "helios.dll");

    public static (int ExitCode, string Output) Run(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        start.ArgumentList.Add(Cli);
        foreach (string arg in args) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd() + error.Result;
        // Only catches hangs: generous, since a shared, loaded CI machine may make a command slow (testing.md).
        if (!process.WaitForExit(600_000))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException("helios " + string.Join(" ", args) + " did not finish in 600 s");
        }
        return (process.ExitCode, output);
    }
}
