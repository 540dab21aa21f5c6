// Debugging an app with gdb (docs/debugging.md, "Apps"), on both ISAs: the guest waits for gdb (./helios boot --gdb's
// QEMU options), gdb starts with the command line boot prints (GdbCommand: build/gdb/helios-apps.py), a breakpoint on
// hello's Main by its name is set before hello exists, and it is hit where the kernel loaded hello, with the source
// line of src/Apps/Hello/Program.cs; then the guest runs to its end.
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.InKernel;

public class GdbAppSymbolsTests
{
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task ABreakpointOnAnAppsMethodByNameIsHit(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        string image = TestData.Image(isa, RepoPaths.KernelImage);
        int port = FreePort();
        var options = new QemuOptions(isa, image)
        {
            Bundle = RepoPaths.BundleBeside(image),
            KernelArguments = "run=hello arg=under arg=gdb",
            GdbPort = port,
            Timeout = TimeSpan.FromSeconds(300),
        };
        Task<QemuResult> guest = QemuRunner.RunAsync(options);

        var gdb = new ProcessStartInfo(GdbCommand.Program(isa)) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in (string[])["-nx", "-batch", "-ex", "set pagination off"]) gdb.ArgumentList.Add(argument);
        foreach (string argument in GdbCommand.Arguments(isa, image, port, Path.Combine(TestData.Repo.Root, "build", "gdb", "helios-apps.py"))) gdb.ArgumentList.Add(argument);
        foreach (string command in (string[])["break Hello_Hello_Program__Main", "continue", "bt 1", "continue"])
        {
            gdb.ArgumentList.Add("-ex");
            gdb.ArgumentList.Add(command);
        }
        using Process debugger = Process.Start(gdb)!;
        Task<string> output = debugger.StandardOutput.ReadToEndAsync(), errors = debugger.StandardError.ReadToEndAsync();
        // A hang only: gdb normally ends with the guest, in seconds.
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(300));
        await debugger.WaitForExitAsync(limit.Token);
        string said = await output + await errors;
        QemuResult run = await guest;

        Assert.Contains("helios-apps: hello at 0x", said);
        Assert.Matches(@"Breakpoint \d+, (0x[0-9a-f]+ in )?Hello_Hello_Program__Main \(.*\) at .*Program\.cs:\d+", said);
        Assert.Matches(@"#0 .*Hello_Hello_Program__Main .* at .*src/Apps/Hello/Program\.cs:\d+", said);
        Assert.True(run.Outcome == RunOutcome.Exited, run.Summary + "\n" + said);
        Assert.Contains(run.Console, l => l.Contains("[hello] hello from a process: 2 argument(s)"));
    }

    private static int FreePort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }
}
