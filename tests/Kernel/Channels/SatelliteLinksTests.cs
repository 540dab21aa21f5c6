// Links between satellites (docs/multikernel.md, "Links"), on a numa4 machine: a client process on k2 binds to a
// service process on k3 through the one namespace and their round trips go straight between the two satellites; then
// k1 dies while k2 and k3 talk, and their traffic goes on (the coordinator contains k1, and k2 and k3 each fail only
// their own link to it). The coordinator runs "test=SatelliteLinks.*", every satellite
// "satellite.test=SatelliteLinksSatellite.*" (k1 dies when asked, the others serve until the machine stops). Run by
// tests/Helios.Tests/InKernel/MultikernelTests.cs.
using Helios.Contracts;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal static class SatelliteLinksTests
    {
        internal const string DiePath = "/test/die-k1";
        private const string Service = "/services/ping-process";     // what pingserver's manifest lets it register

        [Test(Category = "multikernel")]
        public static void SatellitesTalkDirectlyAndOutliveAThirdThatDies()
        {
            Assert.True(!KernelRole.IsSatellite && KernelRole.Count >= 4, "runs on the coordinator of a machine of four kernels");
            for (int k = 1; k < 4; k++) OneNamespaceTests.AwaitPath("/kernels/" + k.ToString());
            OneNamespaceTests.AwaitPath(DiePath);
            RemoteProcess server = RemoteProcess.Launch(3, "pingserver", new[] { "register", Service, "2" });
            OneNamespaceTests.AwaitPath(Service);

            // k2 to k3: the bind resolves through the coordinator, the channel runs over the k2-k3 link.
            RemoteProcess first = RemoteProcess.Launch(2, "pingclient", new[] { "bind", Service, "1000" });
            Assert.Equal(0, first.Wait().Code);

            // A long run between k2 and k3, and k1 dies in the middle of it.
            RemoteProcess busy = RemoteProcess.Launch(2, "pingclient", new[] { "bind", Service, "30000" });
            PingPongContract.NewChannel(out PingPongContract.Imp killer, out PingPongContract.Exp far);
            NameService.Bind(DiePath, PingPongContract.Info, far.Handle);
            killer.SendPing(0);
            for (int waited = 0; waited < 10_000 && !SatelliteWatch.IsDead(1); waited++) Thread.Sleep(1_000_000);
            Assert.True(SatelliteWatch.IsDead(1), "k1 was not declared dead");
            KernelConsole.WriteLine("satellite links: k1 declared dead; k2 and k3 go on");
            (int code, bool killed) = busy.Wait();
            Assert.False(killed, "the client on k2 was killed");
            Assert.Equal(0, code);
            Assert.Equal(0, server.Wait().Code);
            killer.Close();
        }
    }

    // Each satellite's part: k1 serves DiePath and dies when a Ping arrives there; k2 and k3 run their processes.
    internal static class SatelliteLinksSatelliteTests
    {
        [Test(Category = "multikernel")]
        public static void ServeUntilTheMachineStopsOrDieWhenAsked()
        {
            Assert.True(KernelRole.IsSatellite, "runs on a satellite");
            if (KernelRole.Id == 1)
            {
                Registration die = NameService.Register(SatelliteLinksTests.DiePath, PingPongContract.Info);
                var asked = new PingPongContract.Exp(die.Accept());
                asked.ReceivePing(out _);
                Panic.Halt("k1 dies when asked");
            }
            while (!MachineStatus.ShutdownRequested) Thread.Sleep(1_000_000);
        }
    }
}
