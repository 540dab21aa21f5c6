// Channels between kernels (docs/channels.md, "Channels between kernels"), on a numa2 machine: the coordinator's
// kernel threads talk to an echo server on the satellite (RemoteChannelServer, run there as
// "satellite.test=RemoteChannelServer.*") over the link between them, with the same generated endpoints as a local
// channel. Run as "test=RemoteChannel.*" by tests/Helios.Tests/InKernel/MultikernelTests.cs on both ISAs.
using System;
using System.Threading;
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Memory;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Processes;
using Helios.Kernel.Threading;
using Helios.Satellite.Links;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal static class RemoteChannelTests
    {
        // What the echo server does with a request of one of these sizes, instead of echoing it.
        internal const int CloseSize = 7;           // closes its end
        internal const int CountSize = 5;           // answers with its link's rejected-record count (8 bytes)
        internal const int HandlesSize = 6;         // answers with its exchange heap's live handles and bytes (4 + 4 bytes)
        internal const int ServersSize = 9;         // answers with how many pingservers it ran ended, and how many failed
        internal const int CollectSize = 10;        // makes it force collections while the next pingserver runs
        internal const int ConnectionsSize = 11;    // answers with the carried connections it saw closed, and how many failed

        private static Link Satellite()
        {
            Assert.True(KernelRole.IsMultikernel && !KernelRole.IsSatellite, "runs on the coordinator of a multikernel machine");
            Link link = KernelLinks.To(1);
            Assert.True(link is not null, "the coordinator is linked to k1");
            return link;
        }

        private static BufferRoundTripContract.Imp Open(Link link)
            => new BufferRoundTripContract.Imp(link.Open(BufferRoundTripContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner));

        private static void RoundTrips(BufferRoundTripContract.Imp client, int count, int size)
        {
            for (int i = 0; i < count; i++)
            {
                ExArray<byte> data = ExArray<byte>.Allocate(size);
                for (int b = 0; b < size; b++) data[b] = (byte)(i * 13 + b);
                client.SendRequest(data);
                client.ReceiveResponse(out ExArray<byte> back);
                Assert.Equal(size, back.Length);
                for (int b = 0; b < size; b++)
                    if (back[b] != (byte)(i * 13 + b)) Assert.Fail("round trip " + i.ToString() + ": byte " + b.ToString() + " came back changed");
                back.Free();
            }
        }

        [Test(Category = "multikernel")]
        public static void TenThousandRoundTripsCrossToTheSatellite()
        {
            Link link = Satellite();
            HeapBaseline baseline = HeapBaseline.Take();
            BufferRoundTripContract.Imp client = Open(link);
            RoundTrips(client, 10_000, 16);
            client.Close();
            baseline.AssertHandlesRestored();
            Assert.Equal(0L, link.Rejected);
        }

        [Test(Category = "multikernel")]
        public static void ArraysOfEverySizeArriveIntact()
        {
            Link link = Satellite();
            BufferRoundTripContract.Imp client = Open(link);
            foreach (int size in new[] { 0, 1, 63, 64, 1000, 1024, 4096, 65536 }) RoundTrips(client, 4, size);
            client.Close();
            Assert.Equal(0L, link.Rejected);
        }

        // Arrays cross by one copy (docs/channels.md, "A remote send"): k1's memory is mapped read-only here, the link
        // names this kernel's arrays in its memory window, a 64 KiB round trip copies 64 KiB here (the answer's, out of
        // k1's heap) and nothing onto the ring, and the request's array this kernel held for k1 is freed when the answer
        // comes.
        [Test(Category = "multikernel")]
        public static void ArraysCrossByOneCopyFromTheSendersMemory()
        {
            Link link = Satellite();
            Assert.True(link.OneCopy, "the link to k1 names arrays in this kernel's memory");
            Assert.True(PeerMemory.TryFirstAddress(1, out ulong k1Memory), "this kernel knows k1's memory");
            Assert.True(AddressSpace.TryTranslate(k1Memory, out ulong physical, out MapKind kind), "k1's memory is mapped here");
            Assert.Equal(k1Memory, physical);
            Assert.True(kind == MapKind.ReadOnly, "k1's memory is mapped read-only here");
            HeapBaseline baseline = HeapBaseline.Take();
            BufferRoundTripContract.Imp client = Open(link);
            long sent = link.BytesSent, received = link.BytesReceived;
            RoundTrips(client, 10, 65536);
            Assert.Equal(0L, link.BytesSent - sent);
            Assert.Equal(10L * 65536, link.BytesReceived - received);
            Assert.Equal(0, link.PinnedArrays);
            Assert.Equal(0L, link.PinnedBytes);
            client.Close();
            baseline.AssertHandlesRestored();
            Assert.Equal(0L, link.Rejected);
        }

        [Test(Category = "multikernel")]
        public static void ClosingEitherEndIsSeenOnTheOtherKernel()
        {
            Link link = Satellite();
            int channels = link.ChannelCount;                           // the kernels' control channels among them
            BufferRoundTripContract.Imp client = Open(link);
            client.SendRequest(ExArray<byte>.Allocate(CloseSize));      // the server closes its end
            Assert.Throws<ChannelClosedException>(() =>
            {
                client.ReceiveResponse(out ExArray<byte> never);
                never.Free();
            });
            client.Close();
            client = Open(link);
            RoundTrips(client, 1, 8);
            client.Close();                                             // the server sees it closed and closes too
            for (int waited = 0; link.ChannelCount != channels && waited < 5000; waited++) Thread.Sleep(1_000_000);
            Assert.Equal(channels, link.ChannelCount);
        }

        [Test(Category = "multikernel")]
        public static void AProtocolViolationFaultsTheSenderOnly()
        {
            Link link = Satellite();
            BufferRoundTripContract.Imp client = Open(link);
            client.SendRequest(ExArray<byte>.Allocate(8));
            ExArray<byte> second = ExArray<byte>.Allocate(8);
            Assert.Throws<ProtocolViolationException>(() => client.SendRequest(second));
            second.Free();
            client.Close();
            BufferRoundTripContract.Imp next = Open(link);              // the link and the server go on
            RoundTrips(next, 3, 8);
            next.Close();
        }

        // An endpoint crosses to the satellite inside a message (docs/channels.md, "Endpoints between kernels"): the
        // exporter of a fresh TcpConnectionContract channel, with a Connect already queued at it, goes to k1's stack
        // in CreateConnection; its importer stays here and drives the connection over the link. Connect (sent before
        // the transfer) and 1000 sends with their arrays (after it) are answered in order; closing this end is seen on
        // k1, and k1 closing its end is seen here.
        [Test(Category = "multikernel")]
        public static void AnEndpointSentToTheSatelliteKeepsWorkingFromBothSides()
        {
            Link link = Satellite();
            BufferRoundTripContract.Imp control = Open(link);
            long seenBefore = ConnectionsSeenClosed(control);
            HeapBaseline baseline = HeapBaseline.Take();
            var tcp = new TcpContract.Imp(link.Open(TcpContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner));
            for (int round = 0; round < 2; round++)
            {
                TcpConnectionContract.NewChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp carried);
                connection.SendConnect(new IPv4Endpoint { address = 0x7F000001, port = 7 });     // queued at the end that leaves
                tcp.SendCreateConnection(carried);
                tcp.ReceiveConnectionCreated();
                connection.ReceiveConnected(out IPv4Endpoint local, out IPv4Endpoint remote);
                Assert.Equal(7, (int)remote.port);
                Assert.Equal(1, (int)local.port);                                                  // k1's stack answered
                for (int i = 0; i < 1000; i++)
                {
                    ExArray<byte> data = ExArray<byte>.Allocate(24);
                    for (int b = 0; b < 24; b++) data[b] = (byte)(i * 5 + b);
                    connection.SendSend(data, 24);
                    connection.ReceiveSent(out ExArray<byte> back);
                    Assert.Equal(24, back.Length);
                    for (int b = 0; b < 24; b++)
                        if (back[b] != (byte)(i * 5 + b)) Assert.Fail("send " + i.ToString() + ": byte " + b.ToString() + " came back changed");
                    back.Free();
                }
                if (round == 0)
                {
                    connection.SendClose();
                    connection.ReceiveClosed();
                    connection.Close();                                          // k1 sees it: counted there
                    long seen = 0;
                    for (int waited = 0; waited < 5000 && (seen = ConnectionsSeenClosed(control)) == seenBefore; waited++) Thread.Sleep(1_000_000);
                    Assert.Equal(seenBefore + 1, seen);
                }
                else
                {
                    connection.SendSend(ExArray<byte>.Allocate(1), CloseCount);      // k1 closes its end
                    Assert.Throws<ChannelClosedException>(() =>
                    {
                        connection.ReceiveSent(out ExArray<byte> never);
                        never.Free();
                    });
                    Assert.True(connection.IsClosed, "k1's close is seen here");
                    connection.Close();
                }
            }
            tcp.Close();
            for (int waited = 0; waited < 5000 && ExchangeHeap.Current.LiveHandles != baseline.Handles; waited++) Thread.Sleep(1_000_000);
            baseline.AssertHandlesRestored();
            control.Close();
            Assert.Equal(0L, link.Rejected);
            Assert.Equal(0L, link.RejectedFor(LinkRejection.BadEndpoint));
        }

        // A Send of this count makes k1's connection server close its end instead of answering.
        internal const int CloseCount = -7;

        // How many carried connections k1 saw closed by this side (ConnectionsSize, answered by its echo server).
        private static long ConnectionsSeenClosed(BufferRoundTripContract.Imp client)
        {
            client.SendRequest(ExArray<byte>.Allocate(ConnectionsSize));
            client.ReceiveResponse(out ExArray<byte> answer);
            long count = 0;
            for (int i = 0; i < 8; i++) count |= (long)answer[i] << (8 * i);
            answer.Free();
            Assert.Equal(0L, count >> 32);                                      // no connection broke its protocol
            return count;
        }

        // The coordinator writes random records onto the ring to k1 behind its link's back, as a hostile kernel would:
        // k1 counts every one, stays up, and serves the next channel.
        [Test(Category = "multikernel")]
        public static void ASatelliteCountsRandomRecordsAndGoesOn()
        {
            const int Forged = 100_000;
            Link link = Satellite();
            BufferRoundTripContract.Imp client = Open(link);
            long before = RejectedOnTheSatellite(client);
            unsafe
            {
                var ring = new LinkRing((byte*)KernelLinks.AreaOf(1), KernelLinks.RingBytes);
                ulong state = 0x9E3779B97F4A7C15;                       // xorshift64: the same records every run
                var payload = new byte[256];
                for (int i = 0; i < Forged; i++)
                {
                    for (int b = 0; b < payload.Length; b += 8)
                    {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        for (int j = 0; j < 8; j++) payload[b + j] = (byte)(state >> (8 * j));
                    }
                    ushort kind = (ushort)(1 + state % 6);
                    int length = (int)((state >> 8) % (ulong)payload.Length);
                    while (!ring.TryWrite(kind, new ReadOnlySpan<byte>(payload, 0, length)))
                    {
                        KernelLinks.Ring(1);                            // full: k1 drains it while this thread sleeps
                        Thread.Sleep(1_000_000);
                    }
                    if (ring.ConsumerNeedsWake()) KernelLinks.Ring(1);
                }
            }
            client.Close();
            client = Open(link);
            Assert.Equal(before + Forged, RejectedOnTheSatellite(client));
            RoundTrips(client, 10, 100);
            client.Close();
        }

        private static long RejectedOnTheSatellite(BufferRoundTripContract.Imp client)
        {
            client.SendRequest(ExArray<byte>.Allocate(CountSize));
            client.ReceiveResponse(out ExArray<byte> answer);
            long count = 0;
            for (int i = 0; i < 8; i++) count |= (long)answer[i] << (8 * i);
            answer.Free();
            return count;
        }
    }

    // The satellite's half: echoes every request on every channel the coordinator opens, until the machine stops.
    internal static class RemoteChannelServer
    {
        [Test(Category = "multikernel")]
        public static void ServeTheCoordinator()
        {
            Assert.True(KernelRole.IsSatellite, "runs on a satellite");
            Link link = KernelLinks.To(0);
            Assert.True(link is not null, "the satellite is linked to the coordinator");
            while (!MachineStatus.ShutdownRequested)
            {
                if (link.TryAccept(out ulong endpoint, out ContractInfo contract))
                {
                    if (contract.Id == PingPongContract.Info.Id)
                    {
                        ServeWithAProcess(endpoint);
                        continue;
                    }
                    if (contract.Id == TcpContract.Info.Id)
                    {
                        new Thread(() => ServeConnections(new TcpContract.Exp(endpoint)), "tcp").Start();
                        continue;
                    }
                    var thread = new Thread(() => Echo(link, endpoint), "echo");
                    thread.Start();
                }
                else Thread.Sleep(1_000_000);
            }
        }

        // Each CreateConnection carries the exporter of a connection from the coordinator: served by a thread of its own.
        private static void ServeConnections(TcpContract.Exp tcp)
        {
            try
            {
                while (tcp.TryWaitNext(out _))
                {
                    tcp.ReceiveCreateConnection(out TcpConnectionContract.Exp connection);
                    tcp.SendConnectionCreated();
                    new Thread(() => ServeConnection(connection), "tcp connection").Start();
                }
            }
            catch (ChannelException)
            {
                Interlocked.Increment(ref s_connectionsFailed);
            }
            tcp.Close();
        }

        private static int s_connectionsSeenClosed, s_connectionsFailed;

        // Connect is answered with port 1 as this side's; each Send's array comes back in Sent, unchanged; a Send of
        // CloseCount closes this end; the coordinator closing its end is counted.
        private static void ServeConnection(TcpConnectionContract.Exp connection)
        {
            try
            {
                while (connection.TryWaitNext(out TcpConnectionContract.Descriptor.Message next))
                {
                    if (next == TcpConnectionContract.Descriptor.Message.Connect)
                    {
                        connection.ReceiveConnect(out IPv4Endpoint remote);
                        connection.SendConnected(new IPv4Endpoint { address = 0x7F000001, port = 1 }, remote);
                    }
                    else if (next == TcpConnectionContract.Descriptor.Message.Send)
                    {
                        connection.ReceiveSend(out ExArray<byte> data, out int count);
                        if (count == RemoteChannelTests.CloseCount)
                        {
                            data.Free();
                            connection.Close();
                            return;
                        }
                        connection.SendSent(data);
                    }
                    else if (next == TcpConnectionContract.Descriptor.Message.Close)
                    {
                        connection.ReceiveClose();
                        connection.SendClosed();
                    }
                    else
                    {
                        Interlocked.Increment(ref s_connectionsFailed);
                        break;
                    }
                }
                if (connection.IsClosed) Interlocked.Increment(ref s_connectionsSeenClosed);
            }
            catch (ChannelException)
            {
                Interlocked.Increment(ref s_connectionsFailed);
            }
            connection.Close();
        }

        private static int s_serversEnded, s_serversFailed;
        private static bool s_collectDuringNext;

        // A ping-pong channel is served by a pingserver process here (RemoteProcessTests): it checks the Pings come in
        // order and answers each; a thread waits for it (forcing collections meanwhile when asked) and counts how it ended.
        private static void ServeWithAProcess(ulong endpoint)
        {
            Process server = Apps.Create("pingserver", new string[0]);
            server.GiveEndpoint(endpoint);
            bool collect = s_collectDuringNext;
            s_collectDuringNext = false;
            server.Start();
            new Thread(() =>
            {
                while (collect && !server.HasEnded)
                {
                    GC.Collect();
                    WaitDispatcher.WaitOne(server, 2_000_000);
                }
                int code = server.Wait();
                if (code != 0) Interlocked.Increment(ref s_serversFailed);
                Interlocked.Increment(ref s_serversEnded);
            }, "pingserver watcher").Start();
        }

        private static void Echo(Link link, ulong endpoint)
        {
            var server = new BufferRoundTripContract.Exp(endpoint);
            try
            {
                while (server.TryWaitNext(out _))
                {
                    server.ReceiveRequest(out ExArray<byte> data);
                    if (data.Length == RemoteChannelTests.CloseSize)
                    {
                        data.Free();
                        break;
                    }
                    if (data.Length == RemoteChannelTests.CountSize)
                    {
                        data.Free();
                        data = ExArray<byte>.Allocate(8);
                        long rejected = link.Rejected;
                        for (int i = 0; i < 8; i++) data[i] = (byte)(rejected >> (8 * i));
                    }
                    else if (data.Length == RemoteChannelTests.ConnectionsSize)
                    {
                        data.Free();
                        long answer = (uint)Volatile.Read(ref s_connectionsSeenClosed) | (long)Volatile.Read(ref s_connectionsFailed) << 32;
                        data = ExArray<byte>.Allocate(8);
                        for (int i = 0; i < 8; i++) data[i] = (byte)(answer >> (8 * i));
                    }
                    else if (data.Length == RemoteChannelTests.HandlesSize || data.Length == RemoteChannelTests.ServersSize)
                    {
                        // Measured with the request freed and the answer not yet allocated: what this kernel holds apart from them.
                        bool handles = data.Length == RemoteChannelTests.HandlesSize;
                        data.Free();
                        long answer = handles
                            ? (uint)ExchangeHeap.Current.LiveHandles | (long)ExchangeHeap.Current.LiveBytes << 32
                            : (uint)Volatile.Read(ref s_serversEnded) | (long)Volatile.Read(ref s_serversFailed) << 32;
                        data = ExArray<byte>.Allocate(8);
                        for (int i = 0; i < 8; i++) data[i] = (byte)(answer >> (8 * i));
                    }
                    else if (data.Length == RemoteChannelTests.CollectSize) s_collectDuringNext = true;
                    server.SendResponse(data);
                }
            }
            catch (ChannelException)
            {
                // the coordinator broke the protocol on purpose: the channel is closed
            }
            server.Close();
        }
    }
}
