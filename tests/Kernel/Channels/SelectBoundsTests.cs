// Select's checks on a kernel thread (the same code a process's select runs in the kernel): every case's endpoint is
// checked on every Wait, even when an earlier case is ready, and one select waits on at most Select.MaxEndpoints
// distinct endpoints.
using Helios.Channels;
using Helios.Contracts;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class SelectBoundsTests
    {
        [Test]
        public static void EveryCaseIsCheckedEvenWhenAnEarlierOneIsReady()
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            PingPongContract.NewChannel(out PingPongContract.Imp other, out PingPongContract.Exp gone);
            gone.Close();                                       // its handle is dead from here on
            client.SendPing(1);
            var select = new Select();
            select.Add(server.OnPing());                        // ready
            select.Add(gone.OnPing());
            Assert.Throws<UseAfterSendException>(() => select.Wait(0));
            var wrongSide = new Select();
            wrongSide.Add(server.OnPing());
            wrongSide.Add(new PingPongContract.Exp(client.Handle).AnyCase);
            var refused = Assert.Throws<ChannelException>(() => wrongSide.Wait(0));
            Assert.True(refused is not null && refused.Message.Contains("not a PingPongContract exporter"), refused?.Message);
            var fine = new Select();
            fine.Add(server.OnPing());
            Assert.Equal(0, fine.Wait(0));
            server.ReceivePing(out int data);
            Assert.Equal(1, data);
            client.Close();
            server.Close();
            other.Close();
        }

        [Test]
        public static void ASelectWaitsOnAtMostMaxEndpointsEndpoints()
        {
            var baseline = HeapBaseline.Take();
            int count = Select.MaxEndpoints + 1;
            var clients = new PingPongContract.Imp[count];
            var servers = new PingPongContract.Exp[count];
            var select = new Select();
            for (int i = 0; i < count; i++)
            {
                PingPongContract.NewChannel(out clients[i], out servers[i]);
                select.Add(servers[i].OnPing());
                select.Add(servers[i].ClosedCase);               // cases of one endpoint count once
            }
            var refused = Assert.Throws<ChannelException>(() => select.Wait(0));
            Assert.True(refused is not null && refused.Message.Contains("at most 64 endpoints"), refused?.Message);
            var most = new Select();
            for (int i = 0; i < Select.MaxEndpoints; i++) most.Add(servers[i].OnPing());
            Assert.Equal(-1, most.Wait(0));                     // 64 are fine: nothing is ready
            clients[Select.MaxEndpoints - 1].SendPing(7);
            Assert.Equal(Select.MaxEndpoints - 1, most.Wait(0));
            for (int i = 0; i < count; i++)
            {
                clients[i].Close();
                servers[i].Close();
            }
            baseline.AssertHandlesRestored();
        }
    }
}
