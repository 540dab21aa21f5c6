// Channels between processes: the kernel makes a ping-pong channel and gives one end to each of two processes
// (Process.GiveEndpoint), which talk over the channel ABI; a process that breaks the protocol dies alone and its
// peer sees the channel closed; whatever the processes held in the exchange heap is reclaimed when they end; a
// process's service is found in the namespace by another process.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Kernel.Threading;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ProcessChannelTests
    {
        private static (Process Server, Process Client) StartPair(string[] clientArguments)
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            Process serverProcess = Apps.Create("pingserver", new string[0]);
            Process clientProcess = Apps.Create("pingclient", clientArguments);
            Assert.Equal(0, serverProcess.GiveEndpoint(server.Handle));
            Assert.Equal(0, clientProcess.GiveEndpoint(client.Handle));
            Assert.False(ExchangeHeap.Current.IsLive(server.Handle));     // the kernel's handles died with the hand-over
            serverProcess.Start();
            clientProcess.Start();
            return (serverProcess, clientProcess);
        }

        [Test]
        public static void TwoProcessesPingPong()
        {
            var baseline = HeapBaseline.Take();
            (Process server, Process client) = StartPair(new[] { "10000" });
            Assert.Equal(0, client.Wait());
            Assert.Equal(0, server.Wait());
            Assert.Equal(ProcessState.Exited, client.State);
            Assert.Equal(ProcessState.Exited, server.State);
            baseline.AssertRestored();
            Assert.Equal(0, client.ChannelOwner.HandleCount);
            Assert.False(client.ChannelOwner.IsAlive);
        }

        [Test]
        public static void AProtocolViolationKillsOnlyTheOffender()
        {
            var baseline = HeapBaseline.Take();
            (Process server, Process client) = StartPair(new[] { "violate" });
            Assert.Equal(-1, client.Wait());
            Assert.Equal(ProcessState.Killed, client.State);
            Assert.True(client.KillReason.Contains("ProtocolViolationException"), client.KillReason);
            server.Wait();
            Assert.True(server.KillReason is null, server.KillReason);
            Assert.Equal(0, server.ExitCode);               // it saw the channel closed and ended by itself
            Assert.Equal(ProcessState.Exited, server.State);
            baseline.AssertRestored();
        }

        // A service outlives its bad clients: one that breaks the protocol (killed for it) and one killed mid-conversation
        // each end only their own channel; the server, registered once, serves the next client as if nothing happened.
        [Test]
        public static void AServiceServesTheNextClientAfterABadOne()
        {
            var baseline = HeapBaseline.Take();
            Process server = ProcessServices.StartService("pingserver", new[] { "register", "/services/ping-process", "3" }, "/services/ping-process");
            Process violator = Apps.Create("pingclient", new[] { "bind", "/services/ping-process", "violate" });
            violator.Start();
            Assert.Equal(-1, violator.Wait());
            Assert.True(violator.KillReason.Contains("ProtocolViolationException"), violator.KillReason);
            Process killed = Apps.Create("pingclient", new[] { "bind", "/services/ping-process", "100000000" });
            killed.Start();
            Helios.Kernel.Threading.Thread.Sleep(20_000_000);     // 20 ms into its pings
            killed.Kill("killed by the test mid-conversation");
            Assert.Equal(-1, killed.Wait());
            Process good = Apps.Create("pingclient", new[] { "bind", "/services/ping-process", "1000" });
            good.Start();
            Assert.Equal(0, good.Wait());
            Assert.Equal(0, server.Wait());
            Assert.True(server.KillReason is null, server.KillReason);
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void AKilledProcessesPeerSeesItsChannelClosed()
        {
            var baseline = HeapBaseline.Take();
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            Process serverProcess = Apps.Create("pingserver", new[] { "any" });
            serverProcess.GiveEndpoint(server.Handle);
            serverProcess.Start();
            client.SendPing(41);
            client.ReceivePong(out int answer);
            Assert.Equal(42, answer);
            client.Close();                                 // the server's TryWaitNext says closed: it ends
            Assert.Equal(0, serverProcess.Wait());
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void AMillionMessagesBetweenTwoProcesses()
        {
            var baseline = HeapBaseline.Take();
            (Process server, Process client) = StartPair(new[] { "500000" });     // 500,000 round trips: 10^6 messages
            Assert.Equal(0, client.Wait());
            Assert.Equal(0, server.Wait());
            baseline.AssertRestored();
        }

        [Test]
        public static void AProcessFindsAnotherProcesssServiceInTheNamespace()
        {
            var baseline = HeapBaseline.Take();
            Assert.NotNull(PingPongContract.Info);          // the kernel knows the contract (processes name it by id)
            Process server = Apps.Create("pingserver", new[] { "register", "/services/ping-process" });
            server.Start();
            // Until the server has registered: waits of 1 ms on the server (which end early if it dies), at most 5 s.
            int spins = 0;
            while (spins < 5000 && !server.HasEnded && NameService.List("/services/ping-process").Length == 0)
            {
                WaitDispatcher.WaitOne(server, 1000000);
                spins++;
            }
            Assert.True(NameService.List("/services/ping-process").Length == 1, "not registered after " + spins.ToString() + " ms: " + server.State.ToString() + " " + (server.KillReason ?? ""));
            Process client = Apps.Create("pingclient", new[] { "bind", "/services/ping-process", "1000" });
            client.Start();
            Assert.Equal(0, client.Wait());
            server.Wait();
            Assert.True(server.KillReason is null, server.KillReason);
            Assert.Equal(0, server.ExitCode);
            Assert.Equal(0, NameService.List("/services/ping-process").Length);
            baseline.AssertHandlesRestored();
        }

        // ServiceNamespace.Bind with a time: a client started before its service waits for the registration (sleeping,
        // not spinning) and binds; one whose service never comes gets ServiceNotRegisteredException after the time.
        [Test]
        public static void ABindCanWaitForItsService()
        {
            var baseline = HeapBaseline.Take();
            Assert.NotNull(PingPongContract.Info);
            Process client = Apps.Create("pingclient", new[] { "bind", "/services/ping-process", "100", "10000" });
            client.Start();
            Helios.Kernel.Threading.Thread.Sleep(20_000_000);                 // 20 ms: the client is waiting by now
            Assert.False(client.HasEnded, "the client did not wait: " + (client.KillReason ?? client.ExitCode.ToString()));
            Process server = Apps.Create("pingserver", new[] { "register", "/services/ping-process" });
            server.Start();
            Assert.Equal(0, client.Wait());
            Assert.Equal(0, server.Wait());
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void AWaitingBindGivesUpAfterItsTime()
        {
            Assert.NotNull(PingPongContract.Info);
            ulong started = Helios.Kernel.Time.Clock.Now;
            Process client = Apps.Create("pingclient", new[] { "bind", "/services/nobody-here", "1", "50" });
            client.Start();
            Assert.Equal(-1, client.Wait());
            Assert.True(Helios.Kernel.Time.Clock.Now - started >= 50_000_000, "gave up early");
            Assert.True(client.KillReason.Contains("ServiceNotRegisteredException") && client.KillReason.Contains("nothing is registered at /services/nobody-here"), client.KillReason);
        }

        [Test]
        public static void BindingToNothingFaultsTheClientOnly()
        {
            Assert.NotNull(PingPongContract.Info);
            Process client = Apps.Create("pingclient", new[] { "bind", "/services/nobody-here", "1" });
            client.Start();
            Assert.Equal(-1, client.Wait());
            Assert.True(client.KillReason.Contains("nothing is registered at /services/nobody-here"), client.KillReason);
        }

        // A manifest's <endpoint path> binds when the process asks for its slot: pingclient started with no endpoint
        // given uses StartupEndpoints.Get(0), which its manifest names /services/ping-process.
        [Test]
        public static void AManifestEndpointIsBoundWhenTheProcessAsksForIt()
        {
            var baseline = HeapBaseline.Take();
            Assert.NotNull(PingPongContract.Info);
            Process server = Apps.Create("pingserver", new[] { "register", "/services/ping-process", "1" });
            server.Start();
            int waited = 0;
            while (waited < 5000 && !server.HasEnded && NameService.List("/services/ping-process").Length == 0)
            {
                WaitDispatcher.WaitOne(server, 1000000);
                waited++;
            }
            Process client = Apps.Create("pingclient", new[] { "1000" });
            client.Start();
            Assert.Equal(0, client.Wait());
            Assert.True(client.KillReason is null, client.KillReason);
            Assert.Equal(0, server.Wait());
            baseline.AssertHandlesRestored();
        }

        [Test]
        public static void AManifestEndpointWithNothingThereFaultsTheProcessWithItsSlot()
        {
            Assert.NotNull(PingPongContract.Info);
            Process client = Apps.Create("pingclient", new[] { "1" });
            client.Start();
            Assert.Equal(-1, client.Wait());
            Assert.True(client.KillReason.Contains("ServiceNotRegisteredException")
                && client.KillReason.Contains("endpoint 0 of pingclient's manifest (/services/ping-process): nothing is registered at /services/ping-process"), client.KillReason);
        }
    }
}
