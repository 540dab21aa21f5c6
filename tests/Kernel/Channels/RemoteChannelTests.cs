// Channels between kernels (docs/channels.md, "Channels between kernels"), on a numa2 machine: the coordinator's
// kernel threads talk to an echo server on the satellite (RemoteChannelServer, run there as
// "satellite.test=RemoteChannelServer.*") over the link between them, with the same generated endpoints as a local
// channel. Run as "test=RemoteChannel.*" by tests/Helios.Tests/InKernel/MultikernelTests.cs on both ISAs.
using System;
using System.Threading;
using Helios.Channels;
using Helios.Contracts;
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

        // Endpoints do not cross kernels yet: the send is refused before anything leaves, and the endpoint it would have
        // carried stays the sender's, as it was (the satellite closes its end of this channel at once).
        [Test(Category = "multikernel")]
        public static void AMessageCarryingAnEndpointIsRefusedCleanly()
        {
            Link link = Satellite();
            HeapBaseline baseline = HeapBaseline.Take();
            var tcp = new TcpContract.Imp(link.Open(TcpContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner));
            TcpConnectionContract.NewChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp carried);
            ChannelException refused = Assert.Throws<ChannelException>(() => tcp.SendCreateConnection(carried));
            Assert.True(refused.Message.Contains("endpoint"), refused.Message);
            Assert.False(carried.IsClosed, "the endpoint it would have carried is still the sender's");
            connection.Close();
            carried.Close();
            tcp.Close();
            baseline.AssertHandlesRestored();
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
                        // Only the refusal test opens one, and sends nothing: its end stays open until the coordinator
                        // closes the channel (a closed channel would refuse the send for another reason).
                        new Thread(() => AwaitClose(new TcpContract.Exp(endpoint)), "tcp end").Start();
                        continue;
                    }
                    var thread = new Thread(() => Echo(link, endpoint), "echo");
                    thread.Start();
                }
                else Thread.Sleep(1_000_000);
            }
        }

        private static void AwaitClose(TcpContract.Exp end)
        {
            end.TryWaitNext(out _);         // false once the coordinator closes; a message would be a bug, and ends it too
            end.Close();
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
