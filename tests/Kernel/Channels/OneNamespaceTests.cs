// One namespace across kernels (docs/multikernel.md, "One namespace"), on a numa2 machine: the coordinator's tests
// ("test=OneNamespace.*") list the kernels, describe them, start processes on k1 and bind across and within kernels,
// while k1 ("satellite.test=OneNamespaceSatellite.*") stays up until the machine stops. Run on both ISAs by
// tests/Helios.Tests/InKernel/MultikernelTests.cs.
using System;
using System.Collections.Generic;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Channels;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Satellite.Links;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal static class OneNamespaceTests
    {
        private static Link Satellite()
        {
            Assert.True(KernelRole.IsMultikernel && !KernelRole.IsSatellite, "runs on the coordinator of a multikernel machine");
            Link link = KernelLinks.To(1);
            Assert.True(link is not null, "the coordinator is linked to k1");
            return link;
        }

        // Waits (sleeping) until path is registered, for at most 10 s of the machine's time.
        internal static void AwaitPath(string path)
        {
            for (int waited = 0; waited < 10_000 && NameService.List(path).Length == 0; waited++) Thread.Sleep(1_000_000);
            Assert.Equal(1, NameService.List(path).Length);
        }

        [Test(Category = "multikernel")]
        public static void EveryKernelIsInTheNamespace()
        {
            Satellite();
            AwaitPath("/kernels/1");
            List<(string Path, int Kernel)> kernels = NameService.ListWithKernels("/kernels");
            Assert.Equal(2, kernels.Count);
            Assert.Equal("/kernels/0", kernels[0].Path);
            Assert.Equal(0, kernels[0].Kernel);
            Assert.Equal("/kernels/1", kernels[1].Path);
            Assert.Equal(1, kernels[1].Kernel);
        }

        [Test(Category = "multikernel")]
        public static void EachKernelDescribesItself()
        {
            Satellite();
            AwaitPath("/kernels/1");
            for (int k = 0; k < 2; k++)
            {
                KernelControlContract.NewChannel(out KernelControlContract.Imp control, out KernelControlContract.Exp far);
                NameService.Bind(KernelNamespaceEntry.Path(k), KernelControlContract.Info, far.Handle);
                control.SendDescribe();
                control.ReceiveDescription(out ExArray<char> platform, out int domain, out int cpus, out long memory, out int load);
                Assert.Equal(Arch.Platform.Current.IsaName, KernelText.Take(platform));
                Assert.Equal(k, domain);                    // numa2: one kernel per domain, in order
                Assert.Equal(1, cpus);
                Assert.True(memory > 16L * 1024 * 1024 && memory <= 256L * 1024 * 1024, "k" + k.ToString() + " owns " + memory.ToString() + " bytes");
                Assert.True(load >= 0 && load <= 1000, "load " + load.ToString());
                control.Close();
            }
        }

        [Test(Category = "multikernel")]
        public static void AProcessStartedOnTheSatelliteEndsWithItsExitCode()
        {
            Satellite();
            AwaitPath("/kernels/1");
            RemoteProcess hello = RemoteProcess.Launch(1, "hello", new[] { "from", "k0" });
            (int code, bool killed) = hello.Wait();
            Assert.Equal(2, code);                          // hello exits with its argument count
            Assert.False(killed);
            RemoteProcess crash = RemoteProcess.Launch(1, "crash", new[] { "null" });   // dies of an uncaught fault
            Assert.True(crash.Wait().Killed, "crash was not killed");
            Assert.Throws<NamespaceException>(() => RemoteProcess.Launch(1, "no-such-app", new string[0]));
        }

        // The ping service runs on k1 and registers there; a client process on k0 binds through the directory and
        // makes 10^4 round trips over the link.
        [Test(Category = "multikernel")]
        public static void AClientHereBindsToAServiceOnTheSatellite()
        {
            Link link = Satellite();
            AwaitPath("/kernels/1");
            RemoteProcess server = RemoteProcess.Launch(1, "pingserver", new[] { "register", "/services/ping-process" });
            AwaitPath("/services/ping-process");
            Assert.Equal(1, NameService.ListWithKernels("/services/ping-process")[0].Kernel);
            long before = link.RecordsSent;
            Process client = Apps.Create("pingclient", new[] { "bind", "/services/ping-process", "10000" });
            client.Start();
            Assert.Equal(0, client.Wait());
            Assert.True(link.RecordsSent - before >= 10_000, "the pings crossed the link: " + (link.RecordsSent - before).ToString() + " records");
            Assert.Equal((0, false), server.Wait());
            Assert.Equal(0, NameService.List("/services/ping-process").Length);       // unregistered when it ended
            Assert.Equal(0L, link.Rejected);
        }

        // A client on k1 started before its service on k0 waits for it (ServiceNamespace.Bind with a time): the
        // coordinator answers that nothing is registered (an answer, not a refusal), and the client sleeps and looks again.
        [Test(Category = "multikernel")]
        public static void AClientOnTheSatelliteWaitsForAServiceHere()
        {
            Satellite();
            AwaitPath("/kernels/1");
            RemoteProcess client = RemoteProcess.Launch(1, "pingclient", new[] { "bind", "/services/ping-process", "1000", "10000" });
            Thread.Sleep(20_000_000);                       // 20 ms: it is waiting by now
            Process server = Apps.Create("pingserver", new[] { "register", "/services/ping-process" });
            server.Start();
            Assert.Equal((0, false), client.Wait());
            Assert.Equal(0, server.Wait());
        }

        // Service and client both on k1, bound through the coordinator's directory: after the lookup, nothing crosses
        // the link (the control requests of launching, resolving and waiting are a few records; 10^4 round trips
        // would be 2 × 10^4).
        [Test(Category = "multikernel")]
        public static void ABindOnTheSatellitesOwnKernelNeverCrossesTheLink()
        {
            Link link = Satellite();
            AwaitPath("/kernels/1");
            RemoteProcess server = RemoteProcess.Launch(1, "pingserver", new[] { "register", "/services/ping-process" });
            AwaitPath("/services/ping-process");
            long sent = link.RecordsSent, received = link.RecordsReceived;
            RemoteProcess client = RemoteProcess.Launch(1, "pingclient", new[] { "bind", "/services/ping-process", "10000" });
            Assert.Equal((0, false), client.Wait());
            Assert.Equal((0, false), server.Wait());
            long records = link.RecordsSent - sent + link.RecordsReceived - received;
            Assert.True(records < 40, records.ToString() + " records crossed the link for a bind on k1");
        }

        // The apps of ProcessServiceTests, split across kernels: the stack and the file service run on k1, their
        // clients here. tcpclient's CreateConnection carries the exporter of its connection to k1 inside the message
        // (docs/channels.md, "Endpoints between kernels"): the connection then runs over the link, both ways, until
        // both close.
        [Test(Category = "multikernel")]
        public static void TheTcpStackAndFileServiceOnTheSatelliteServeClientsHere()
        {
            Link link = Satellite();
            AwaitPath("/kernels/1");
            RemoteProcess stack = RemoteProcess.Launch(1, "tcpstack", new[] { "/services/tcp", "1" });
            AwaitPath("/services/tcp");
            Process client = Apps.Create("tcpclient", new[] { "/services/tcp" });
            client.Start();
            Assert.Equal(0, client.Wait());
            Assert.Equal((0, false), stack.Wait());
            RemoteProcess files = RemoteProcess.Launch(1, "fileserver", new[] { "/fs", "2" });
            AwaitPath("/fs");
            for (int i = 0; i < 2; i++)
            {
                Process reader = Apps.Create("fileclient", new[] { "/fs" });
                reader.Start();
                Assert.Equal(0, reader.Wait());
            }
            Assert.Equal((0, false), files.Wait());
            Assert.Equal(0L, link.Rejected);
        }

        // A kernel's own path is its alone (copies of a service, one per kernel, are for other paths: ServiceDirectory);
        // a bind to nothing fails cleanly on either side.
        [Test(Category = "multikernel")]
        public static void ThePathsAreOneForTheWholeMachine()
        {
            Satellite();
            AwaitPath("/kernels/1");
            var posing = Assert.Throws<NamespaceException>(() => NameService.Register("/kernels/1", KernelControlContract.Info));
            Assert.True(posing is not null && posing.Message.Contains("k0 registers only /kernels/0"), posing?.Message);
            Assert.Throws<NamespaceException>(() => NameService.Register("/kernels/0", KernelControlContract.Info));    // once a kernel
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp exporter);
            Assert.Throws<NamespaceException>(() => NameService.Bind("/services/nobody", PingPongContract.Info, exporter.Handle));
            Assert.Throws<NamespaceException>(() => NameService.Bind("/kernels/1", PingPongContract.Info, exporter.Handle));
            client.Close();
            exporter.Close();
        }
    }

    // k1's part: stay up (its kernel serves the coordinator's requests) until the machine stops.
    internal static class OneNamespaceSatelliteTests
    {
        [Test(Category = "multikernel")]
        public static void ServeUntilTheMachineStops()
        {
            Assert.True(KernelRole.IsSatellite, "runs on a satellite");
            while (!MachineStatus.ShutdownRequested) Thread.Sleep(1_000_000);
        }
    }
}
