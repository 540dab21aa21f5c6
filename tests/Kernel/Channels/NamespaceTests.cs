// The namespace: register a path, bind to it (the client's exporter end moves to the service), list, remove — by
// the service, or because the service's owner died — and the checks on paths, contracts and the policy hook.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Namespace;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class NamespaceTests
    {
        [Test]
        public static void RegisterBindListRemove()
        {
            Registration ping = NameService.Register("/services/test-ping", PingPongContract.Info);
            Registration files = NameService.Register("/fs-test", FileContract.Info);
            var peer = Peer.Start(() =>
            {
                var server = new PingPongContract.Exp(ping.Accept());
                server.ReceivePing(out int data);
                server.SendPong(data + 1);
                server.Close();
            });
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp mine);
            NameService.Bind("/services/test-ping", PingPongContract.Info, mine.Handle);
            Assert.False(ExchangeHeap.Current.IsLive(mine.Handle));     // it went to the service
            client.SendPing(41);
            client.ReceivePong(out int answer);
            Assert.Equal(42, answer);
            peer.Join();
            client.Close();

            string[] services = NameService.List("/services");
            Assert.Equal(1, services.Length);
            Assert.Equal("/services/test-ping", services[0]);
            Assert.True(NameService.List("/").Length >= 2);
            Assert.Equal(0, NameService.List("/fs").Length);             // "/fs" does not cover "/fs-test"
            ping.Remove();
            files.Remove();
            Assert.Equal(0, NameService.List("/services").Length);
            Assert.Equal(0UL, ping.Accept(0));
            PingPongContract.NewChannel(out client, out mine);
            Assert.Throws<NamespaceException>(() => NameService.Bind("/services/test-ping", PingPongContract.Info, mine.Handle));
            client.Close();
            mine.Close();
        }

        [Test]
        public static void BadRequestsAreRefused()
        {
            foreach (string bad in new[] { "", "relative", "/", "/a//b", "/a/", "/a/../b", "/a b", "/./a" })
                Assert.Throws<NamespaceException>(() => NameService.Register(bad, PingPongContract.Info));
            Registration taken = NameService.Register("/dev/test0", PingPongContract.Info);
            Assert.Throws<NamespaceException>(() => NameService.Register("/dev/test0", PipeContract.Info));
            PipeContract.NewChannel(out PipeContract.Imp writer, out PipeContract.Exp reader);
            var wrong = Assert.Throws<NamespaceException>(() => NameService.Bind("/dev/test0", PipeContract.Info, reader.Handle));
            Assert.True(wrong is not null && wrong.Message.Contains("speaks PingPongContract, not PipeContract"));
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            Assert.Throws<ChannelException>(() => NameService.Bind("/dev/test0", PingPongContract.Info, client.Handle));   // an importer
            Assert.True(ExchangeHeap.Current.IsLive(reader.Handle));      // refused binds keep the endpoint where it was
            taken.Remove();
            writer.Close();
            reader.Close();
            client.Close();
            server.Close();
        }

        [Test]
        public static void ADeadServicesPathGoesAwayAndItsPendingClientsSeeClosed()
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            ExOwner service = heap.CreateOwner("short-lived service");
            Registration registration = null;
            var peer = Peer.Start(() =>
            {
                Helios.Kernel.Threading.Thread.Current.ChannelOwner = service;
                registration = NameService.Register("/services/test-dying", PingPongContract.Info);
            });
            peer.Join();
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp mine);
            NameService.Bind("/services/test-dying", PingPongContract.Info, mine.Handle);   // never accepted
            heap.Reclaim(service);                                       // the service dies
            Assert.True(client.IsClosed);
            Assert.Equal(0, NameService.List("/services/test-dying").Length);
            Assert.False(registration.IsRegistered);
            client.Close();
        }

        [Test]
        public static void ThePolicyDecidesWhoRegisters()
        {
            INamespacePolicy old = NameService.Policy;
            NameService.Policy = new OnlyUnder("/services/");
            try
            {
                var refused = Assert.Throws<NamespaceException>(() => NameService.Register("/dev/test-denied", PingPongContract.Info));
                Assert.True(refused is not null && refused.Message.Contains("only under /services/"));
                NameService.Register("/services/test-allowed", PingPongContract.Info).Remove();
            }
            finally
            {
                NameService.Policy = old;
            }
        }

        private sealed class OnlyUnder : INamespacePolicy
        {
            private readonly string _prefix;

            public OnlyUnder(string prefix) { _prefix = prefix; }

            public string MayRegister(ExOwner owner, string path, string contractName)
                => path.StartsWith(_prefix, System.StringComparison.Ordinal) ? null : "only under " + _prefix;
        }
    }
}
