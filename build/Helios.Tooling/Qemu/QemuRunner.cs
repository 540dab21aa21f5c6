// Runs QEMU, streams the guest's console line by line, and kills a guest that outlives its timeout (counted from
// QEMU's start, or from the last line with QemuOptions.TimeoutFrom's marker: the start of the current test).
using System.Diagnostics;
using System.Text;

namespace Helios.Tooling.Qemu;

public static class QemuRunner
{
    public static async Task<QemuResult> RunAsync(QemuOptions options, Action<string>? onLine = null, CancellationToken cancellation = default)
    {
        if (!File.Exists(options.Image))
            return new QemuResult(RunOutcome.QemuFailed, null, -1, [], TimeSpan.Zero, null, $"image not found: {options.Image} (build it first: ./helios build, with -c for a configuration other than Debug)");

        if (options.LayoutError() is string layout)
            return new QemuResult(RunOutcome.QemuFailed, null, -1, [], TimeSpan.Zero, null, layout);

        var start = new ProcessStartInfo(options.Program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (string arg in options.Arguments()) start.ArgumentList.Add(arg);

        var console = new List<string>();
        var stderr = new StringBuilder();
        var clock = Stopwatch.StartNew();
        TimeSpan? firstOutput = null;
        using var process = new Process { StartInfo = start };
        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return new QemuResult(RunOutcome.QemuFailed, null, -1, [], TimeSpan.Zero, null,
                $"cannot start {options.Program}: {e.Message} (install it: ./helios setup)");
        }
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        timeout.CancelAfter(options.TimeoutFrom is null ? options.Timeout : options.StartupTimeout);
        var inputReady = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        if (options.Input is null) process.StandardInput.Close();
        else if (options.InputAfter is null) inputReady.TrySetResult();
        if (options.Input is not null) _ = ForwardInputAsync(options.Input, process.StandardInput.BaseStream, inputReady.Task);

        Task readOut = Task.Run(async () =>
        {
            while (await process.StandardOutput.ReadLineAsync() is string line)
            {
                line = line.TrimEnd('\r');
                lock (console)
                {
                    firstOutput ??= clock.Elapsed;
                    console.Add(line);
                }
                if (options.InputAfter is string marker && line.Contains(marker, StringComparison.Ordinal)) inputReady.TrySetResult();
                if (options.TimeoutFrom is string from && line.Contains(from, StringComparison.Ordinal)) Restart(timeout, options.Timeout);
                onLine?.Invoke(line);
            }
        });
        Task readErr = Task.Run(async () => stderr.Append(await process.StandardError.ReadToEndAsync()));

        bool timedOut = false;
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            timedOut = true;
            if (!await KillAsync(process))
                return new QemuResult(RunOutcome.QemuFailed, null, -1, Snapshot(console), clock.Elapsed, firstOutput,
                    $"the guest hung and {options.Program} (pid {process.Id}) could not be killed; end it by hand");
        }
        await Task.WhenAll(readOut, readErr);
        clock.Stop();

        if (timedOut)
        {
            cancellation.ThrowIfCancellationRequested();
            return new QemuResult(RunOutcome.TimedOut, null, -1, console, clock.Elapsed, firstOutput, null);
        }
        return QemuResult.Decode(process.ExitCode, console, clock.Elapsed, firstOutput, stderr.ToString());
    }

    // Copies input to QEMU's stdin (the serial console) once the guest is ready, then the end-of-input byte. QEMU takes
    // only what the UART can hold, so this waits while the guest is not reading. It ends with QEMU (a broken pipe) or
    // with the input; a read of an interactive stdin that never ends is left behind when the run is over.
    private static async Task ForwardInputAsync(Stream input, Stream qemu, Task ready)
    {
        try
        {
            await ready;
            var buffer = new byte[4096];
            int n;
            while ((n = await input.ReadAsync(buffer)) > 0)
            {
                await qemu.WriteAsync(buffer.AsMemory(0, n));
                await qemu.FlushAsync();
            }
            qemu.WriteByte(QemuOptions.EndOfInput);
            await qemu.FlushAsync();
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            // QEMU exited first.
        }
    }

    // Kills QEMU and waits for it to go. False when it is still running after that: Kill can fail (no permission,
    // part of the tree already gone), and waiting without a bound would turn a hang into a hang of the host.
    private static async Task<bool> KillAsync(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
        }
        catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception or AggregateException or NotSupportedException)
        {
            // InvalidOperationException: it exited by itself meanwhile. The others: see whether it is gone anyway.
        }
        using var grace = new CancellationTokenSource(KillGrace);
        try
        {
            await process.WaitForExitAsync(grace.Token);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    private static readonly TimeSpan KillGrace = TimeSpan.FromSeconds(10);

    // The guest reached the marker: its time limit starts again from now (unless it already ran out).
    private static void Restart(CancellationTokenSource timeout, TimeSpan limit)
    {
        try
        {
            if (!timeout.IsCancellationRequested) timeout.CancelAfter(limit);
        }
        catch (ObjectDisposedException)
        {
            // The run is over.
        }
    }

    private static List<string> Snapshot(List<string> console)
    {
        lock (console) return new List<string>(console);
    }
}
