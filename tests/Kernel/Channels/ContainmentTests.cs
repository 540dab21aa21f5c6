// A dead satellite contained (docs/multikernel.md, "A dead satellite"), on a numa2 machine: the coordinator
// ("test=Containment.*") talks to a ping service on k1 over the link, then asks k1 to die
// ("satellite.test=DyingSatellite.PanicWhenAsked" panics, "DyingSatellite.HangWhenAsked" masks interrupts and spins).
// The coordinator survives: its client sees the channel closed, k1's paths and /kernels/1 leave the namespace, a new
// bind fails cleanly, and local channels go on. Run on both ISAs by tests/Helios.Tests/InKernel/MultikernelTests.cs.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ContainmentTests
    {
        internal const string DiePath = "/test/die";

        [Test(Category = "multikernel")]
        public static void ASatelliteThatDiesMidRunIsContained()
        {
            Assert.True(KernelRole.IsMultikernel && !KernelRole.IsSatellite, "runs on the coordinator of a multikernel machine");
            Await("/kernels/1");
            Await(DiePath);
            RemoteProcess server = RemoteProcess.Launch(1, "pingserver", new[] { "register", "/services/ping-process" });
            Await("/services/ping-process");

            // A client here pings the service on k1 until the channel closes under it (at most 10^6 round trips).
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp exporter);
            NameService.Bind("/services/ping-process", PingPongContract.Info, exporter.Handle);
            int answered = 0;
            bool closed = false;
            var pinger = new Thread(() =>
            {
                try
                {
                    for (int i = 0; i < 1_000_000; i++)
                    {
                        client.SendPing(i);
                        client.ReceivePong(out int answer);
                        if (answer != i + 1) return;
                        answered++;
                    }
                }
                catch (ChannelClosedException)
                {
                    closed = true;
                }
            }, "pinger");
            pinger.Start();
            while (answered < 2000) Thread.Sleep(1_000_000);

            // k1 dies mid-run.
            PingPongContract.NewChannel(out PingPongContract.Imp killer, out PingPongContract.Exp far);
            NameService.Bind(DiePath, PingPongContract.Info, far.Handle);
            ulong asked = Time.Clock.Now;
            killer.SendPing(0);
            pinger.Join();
            Assert.True(closed, "the client saw its channel closed after " + answered.ToString() + " round trips");
            Assert.True(answered >= 2000 && answered < 1_000_000, answered.ToString() + " round trips");
            for (int waited = 0; waited < 10_000 && !SatelliteWatch.IsDead(1); waited++) Thread.Sleep(1_000_000);
            Assert.True(SatelliteWatch.IsDead(1), "k1 was not declared dead");
            Diagnostics.KernelConsole.WriteLine("containment: k1 declared dead " + ((Time.Clock.Now - asked) / 1_000_000).ToString() + " ms after it was asked to die");

            Assert.Equal(0, NameService.List("/services/ping-process").Length);
            Assert.Equal(0, NameService.List("/kernels/1").Length);
            Assert.Equal(1, NameService.List("/kernels").Length);
            PingPongContract.NewChannel(out PingPongContract.Imp late, out PingPongContract.Exp lateExporter);
            Assert.Throws<NamespaceException>(() => NameService.Bind("/services/ping-process", PingPongContract.Info, lateExporter.Handle));
            Assert.Throws<NamespaceException>(() => server.Wait());
            Assert.Throws<NamespaceException>(() => RemoteProcess.Launch(1, "hello", new string[0]));

            // The coordinator goes on: a local channel works as ever.
            late.Close();
            lateExporter.Close();
            client.Close();
            killer.Close();
            PingPongContract.NewChannel(out PingPongContract.Imp local, out PingPongContract.Exp localServer);
            local.SendPing(41);
            localServer.ReceivePing(out int data);
            localServer.SendPong(data + 1);
            local.ReceivePong(out int pong);
            Assert.Equal(42, pong);
            local.Close();
            localServer.Close();
        }

        private static void Await(string path) => OneNamespaceTests.AwaitPath(path);
    }

    // k1's part: serve DiePath, and die as asked when a Ping arrives there.
    internal static class DyingSatelliteTests
    {
        [Test(Category = "multikernel")]
        [ExpectPanic("a satellite dies when asked")]
        public static void PanicWhenAsked()
        {
            AwaitThePing();
            Diagnostics.Panic.Halt("a satellite dies when asked");
        }

        [Test(Category = "multikernel")]
        [ExpectPanic("never: it hangs")]
        public static void HangWhenAsked()
        {
            AwaitThePing();
            MachineStatus.MarkHang();   // for the coordinator to say how long it took to notice
            Processor.DisableInterrupts();
            while (true) { }            // the coordinator finds the heartbeat stopped
        }

        private static void AwaitThePing()
        {
            Assert.True(KernelRole.IsSatellite, "runs on a satellite");
            Registration die = NameService.Register(ContainmentTests.DiePath, PingPongContract.Info);
            var killer = new PingPongContract.Exp(die.Accept());
            killer.ReceivePing(out _);
        }
    }
}
