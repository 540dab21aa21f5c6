// Starting a service process and waiting until its path is in the namespace: for tests whose clients bind by path.
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Kernel.Threading;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ProcessServices
    {
        /// <summary>Starts app with arguments and waits (1 ms at a time, at most 5 s, less if it dies) until path is registered.</summary>
        internal static Process StartService(string app, string[] arguments, string path)
        {
            Process server = Apps.Create(app, arguments);
            server.Start();
            WaitUntilRegistered(server, app, path);
            return server;
        }

        /// <summary>Waits (1 ms at a time, at most 5 s, less if it dies) until the started server has registered path.</summary>
        internal static void WaitUntilRegistered(Process server, string app, string path)
        {
            int spins = 0;
            while (spins < 5000 && !server.HasEnded && NameService.List(path).Length == 0)
            {
                WaitDispatcher.WaitOne(server, 1000000);
                spins++;
            }
            Assert.True(NameService.List(path).Length == 1, app + " did not register " + path + " after " + spins.ToString() + " ms: "
                + server.State.ToString() + " " + (server.KillReason ?? ""));
        }

        /// <summary>Runs app with arguments to its end; asserts it exited with 0.</summary>
        internal static void RunToSuccess(string app, string[] arguments)
        {
            Process process = Apps.Create(app, arguments);
            process.Start();
            int code = process.Wait();
            Assert.True(process.KillReason is null, app + " was killed: " + (process.KillReason ?? ""));
            Assert.Equal(0, code);
        }

        /// <summary>Waits for a service process to end by itself with exit code 0.</summary>
        internal static void EndsWell(Process server)
        {
            server.Wait();
            Assert.True(server.KillReason is null, server.KillReason);
            Assert.Equal(0, server.ExitCode);
            Assert.Equal(ProcessState.Exited, server.State);
        }
    }
}
