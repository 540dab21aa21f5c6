// Faults fall on the offender only: a protocol violation, a use after send and a send on a closed channel each
// throw in the thread that made them; the peer thread carries on (or sees the channel closed) and never faults.
using Helios.Channels;
using Helios.Contracts;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ChannelFaultTests
    {
        [Test]
        public static void AProtocolViolationFaultsOnlyTheOffender()
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            bool serverSawClosed = false;
            var peer = Peer.Start(() =>
            {
                server.ReceivePing(out int first);
                // The client broke the protocol meanwhile: the server's answer finds the channel closed.
                Assert.Throws<ChannelClosedException>(() => server.SendPong(first));
                serverSawClosed = server.IsClosed;
                server.Close();
            });
            client.SendPing(1);
            var violation = Assert.Throws<ProtocolViolationException>(() => client.SendPing(2));   // Ping twice in a row
            Assert.True(violation is not null && violation.Message.Contains("sent Ping in state Start after Ping?"));
            peer.Join();
            Assert.True(serverSawClosed);
            Assert.Throws<ChannelClosedException>(() => client.SendPing(3));
            client.Close();
        }

        [Test]
        public static void AReceiverSendingOutOfTurnIsTheOffender()
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            var peer = Peer.Start(() =>
            {
                Assert.Throws<ProtocolViolationException>(() => server.SendPong(0));   // the client speaks first
                server.Close();
            });
            peer.Join();
            Assert.Throws<ChannelClosedException>(() => client.ReceivePong(out _));
            client.Close();
        }

        [Test]
        public static void UseAfterSendFaultsOnlyTheSender()
        {
            PipeContract.NewChannel(out PipeContract.Imp writer, out PipeContract.Exp reader);
            var buffer = ExArray<byte>.Allocate(64);
            buffer[0] = 5;
            int seen = 0;
            var peer = Peer.Start(() =>
            {
                reader.ReceiveWrite(out ExArray<byte> data, out int count);
                seen = data[0] + count;
                data[0] = 6;                                           // the reader owns it now
                reader.SendWritten(data);
                reader.ReceiveClose();
                reader.Close();
            });
            writer.SendWrite(buffer, 1);
            Assert.Throws<UseAfterSendException>(() => buffer[0] = 7);       // the writer's handle died with the send
            writer.ReceiveWritten(out ExArray<byte> back);
            Assert.Equal((byte)6, back[0]);
            Assert.Throws<UseAfterSendException>(() => writer.SendWrite(buffer, 1));   // the old copy of the handle
            Assert.Equal((int)PipeContract.Descriptor.State.Open, writer.ProtocolState);  // the failed send changed nothing
            writer.SendClose();
            peer.Join();
            Assert.Equal(6, seen);
            back.Free();
            writer.Close();
        }

        [Test]
        public static void UseOfASentEndpointFaultsTheSender()
        {
            TcpContract.NewChannel(out TcpContract.Imp stack, out TcpContract.Exp service);
            TcpConnectionContract.NewChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp remote);
            stack.SendCreateConnection(remote);
            Assert.Throws<UseAfterSendException>(() => remote.SendConnected(default, default));
            service.ReceiveCreateConnection(out TcpConnectionContract.Exp arrived);
            connection.SendConnect(default);
            arrived.ReceiveConnect(out _);
            arrived.SendConnectFailed(1);
            connection.ReceiveConnectFailed(out int error);
            Assert.Equal(1, error);
            arrived.Close();
            connection.Close();
            stack.Close();
            service.Close();
        }

        [Test]
        public static void ASendOnAClosedChannelFaultsOnlyTheSender()
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            var closed = new Helios.Kernel.Threading.ManualResetEvent();
            var peer = Peer.Start(() =>
            {
                server.Close();
                closed.Set();
            });
            closed.Wait();
            Assert.Throws<ChannelClosedException>(() => client.SendPing(1));
            Assert.Throws<ChannelClosedException>(() => client.ReceivePong(out _));
            peer.Join();
            client.Close();
        }

        [Test]
        public static void ADeadOwnersEndpointsCloseAndItsBuffersReturn()
        {
            ExchangeHeap heap = ExchangeHeap.Current;
            int baseline = heap.LiveHandles;
            long baselineBytes = heap.LiveBytes;
            ExOwner owner = heap.CreateOwner("dying thread");
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            // What a loader does for a new process: give it an endpoint. The old handle dies with the transfer.
            var given = new PingPongContract.Exp(heap.Transfer(server.Handle, heap.KernelOwner, owner));
            Assert.False(heap.IsLive(server.Handle));
            var peer = Peer.Start(() =>
            {
                Helios.Kernel.Threading.Thread.Current.ChannelOwner = owner;
                given.ReceivePing(out int data);
                given.SendPong(data);
                var kept = ExArray<byte>.Allocate(100_000);            // held when the thread dies
                kept[0] = 1;
                given.ReceivePing(out _);                              // a message it never answers
            });
            client.SendPing(1);
            client.ReceivePong(out _);
            client.SendPing(2);
            peer.Join();
            Assert.Equal(2, owner.HandleCount);      // the endpoint and the buffer (the endpoint holds its last message)
            Assert.Throws<UseAfterSendException>(() => given.SendPong(0));   // only its owner may use it
            heap.Reclaim(owner);
            Assert.Equal(0, owner.HandleCount);
            Assert.True(client.IsClosed);
            Assert.Throws<ChannelClosedException>(() => client.ReceivePong(out _));
            client.Close();
            Assert.Equal(baseline, heap.LiveHandles);
            Assert.Equal(baselineBytes, heap.LiveBytes);
        }
    }
}
