// Runs a host program (apt-get, dpkg-deb, gcc) and collects what it printed; a missing program is a clear error.
using System.ComponentModel;
using System.Diagnostics;

namespace Helios.Tooling.Bench.Linux;

public sealed record HostCommandResult(int ExitCode, string Output, string Error)
{
    /// <summary>Both streams, for a failure message.</summary>
    public string Everything => (Output + "\n" + Error).Trim();
}

public static class HostCommand
{
    public static async Task<HostCommandResult> RunAsync(string program, IEnumerable<string> arguments, string? workingDirectory = null,
        CancellationToken cancellation = default)
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = workingDirectory ?? Environment.CurrentDirectory,
        };
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        // Messages in English whatever the user's locale: some are parsed.
        start.Environment["LC_ALL"] = "C";
        using var process = new Process { StartInfo = start };
        try
        {
            process.Start();
        }
        catch (Win32Exception e)
        {
            throw new LinuxBenchException($"cannot run {program}: {e.Message} (install what the Linux comparison needs: ./helios setup)");
        }
        Task<string> output = process.StandardOutput.ReadToEndAsync(cancellation);
        Task<string> error = process.StandardError.ReadToEndAsync(cancellation);
        try
        {
            await process.WaitForExitAsync(cancellation);
        }
        catch (OperationCanceledException)
        {
            try { process.Kill(entireProcessTree: true); } catch (InvalidOperationException) { }
            throw;
        }
        return new HostCommandResult(process.ExitCode, await output, await error);
    }

    /// <summary>Runs the program and fails with its output when it does not exit with 0.</summary>
    public static async Task<HostCommandResult> CheckedAsync(string what, string program, IEnumerable<string> arguments,
        string? workingDirectory = null, CancellationToken cancellation = default)
    {
        var args = arguments.ToList();
        HostCommandResult result = await RunAsync(program, args, workingDirectory, cancellation);
        if (result.ExitCode != 0)
            throw new LinuxBenchException($"{what} failed ({program} {string.Join(" ", args)} exited with {result.ExitCode}):\n{result.Everything}");
        return result;
    }
}
