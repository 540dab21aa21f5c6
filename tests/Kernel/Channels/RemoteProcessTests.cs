// Processes on two kernels talking over a channel between them (docs/channels.md, "Channels between kernels"), on a
// numa2 machine: pingclient runs here on the coordinator, pingserver on the satellite, started there by
// RemoteChannelServer for every ping-pong channel the coordinator opens. Both check every message comes in order
// (pingclient each Pong, pingserver each Ping); the satellite reports how its pingservers ended and what its exchange
// heap holds over an echo channel. Run as "test=RemoteProcess.*" with "satellite.test=RemoteChannelServer.*" by
// tests/Helios.Tests/InKernel/MultikernelTests.cs on both ISAs.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Processes;
using Helios.Kernel.Threading;
using Helios.Satellite.Links;
using Helios.Testing;
using Internal.Runtime;

namespace Helios.Kernel.Tests.Channels
{
    internal static class RemoteProcessTests
    {
        [Test(Category = "multikernel")]
        public static void TenThousandPingPongsBetweenProcessesOnTwoKernels()
        {
            using var satellite = new Satellite();
            int ended = satellite.ServersEnded(out _);
            Process client = satellite.StartPingClient(10_000);
            Assert.Equal(0, client.Wait());
            satellite.AwaitServer(ended);
            Assert.Equal(0L, satellite.Link.Rejected);
        }

        [Test(Category = "multikernel")]
        public static void AMillionMessagesBetweenProcessesOnTwoKernelsLeaveBothHeapsAsTheyWere()
        {
            using var satellite = new Satellite();
            satellite.Heap();           // the first request leaves k1's end of the echo channel its spare block, the
            long far = satellite.Heap();  // second its shadow one: the steady state of any channel between kernels
            HeapBaseline baseline = HeapBaseline.Take();
            int ended = satellite.ServersEnded(out _);
            Process client = satellite.StartPingClient(500_000);        // 500,000 round trips: 10^6 messages
            Assert.Equal(0, client.Wait());
            satellite.AwaitServer(ended);
            baseline.AssertRestored();
            Assert.Equal(far, satellite.Heap());
            Assert.Equal(0L, satellite.Link.Rejected);
        }

        [Test(Category = "multikernel")]
        public static void AHundredThousandMessagesWhileBothKernelsCollect()
        {
            using var satellite = new Satellite();
            satellite.CollectDuringTheNextServer();
            ulong here = Heap.Collections, there = MachineStatus.Collections(1);
            int ended = satellite.ServersEnded(out _);
            Process client = satellite.StartPingClient(50_000);         // 10^5 messages
            while (!client.HasEnded)
            {
                System.GC.Collect();
                WaitDispatcher.WaitOne(client, 2_000_000);
            }
            Assert.Equal(0, client.Wait());
            satellite.AwaitServer(ended);
            Assert.True(Heap.Collections > here + 2, "collections here: " + (Heap.Collections - here).ToString());
            Assert.True(MachineStatus.Collections(1) > there + 2, "collections on k1: " + (MachineStatus.Collections(1) - there).ToString());
        }

        // The link to k1 and an echo channel to its test server, to ask it things (RemoteChannelTests' request sizes).
        private sealed class Satellite : System.IDisposable
        {
            private readonly BufferRoundTripContract.Imp _echo;

            public Satellite()
            {
                Assert.True(KernelRole.IsMultikernel && !KernelRole.IsSatellite, "runs on the coordinator of a multikernel machine");
                Link = KernelLinks.To(1);
                Assert.True(Link is not null, "the coordinator is linked to k1");
                _echo = new BufferRoundTripContract.Imp(Link.Open(BufferRoundTripContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner));
            }

            public Link Link { get; }

            /// <summary>A pingclient here making roundTrips round trips with a pingserver k1 starts for the channel.</summary>
            public Process StartPingClient(int roundTrips)
            {
                var channel = new PingPongContract.Imp(Link.Open(PingPongContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner));
                Process client = Apps.Create("pingclient", new[] { roundTrips.ToString() });
                Assert.Equal(0, client.GiveEndpoint(channel.Handle));
                client.Start();
                return client;
            }

            /// <summary>k1's exchange heap: its live handles and bytes (with this echo channel open).</summary>
            public long Heap() => Ask(RemoteChannelTests.HandlesSize);

            public int ServersEnded(out int failed)
            {
                long answer = Ask(RemoteChannelTests.ServersSize);
                failed = (int)(answer >> 32);
                return (int)answer;
            }

            /// <summary>Waits (1 ms at a time, at most 60 s) until k1's pingserver after the first ended ones ended: it must have exited 0.</summary>
            public void AwaitServer(int endedBefore)
            {
                ServersEnded(out int failedBefore);
                for (int waited = 0; waited < 60_000; waited++)
                {
                    int ended = ServersEnded(out int failed);
                    if (ended > endedBefore)
                    {
                        Assert.True(failed == failedBefore, "k1's pingserver failed (a Ping lost, repeated or out of order)");
                        return;
                    }
                    Thread.Sleep(1_000_000);
                }
                Assert.Fail("k1's pingserver did not end within 60 s of its client");
            }

            public void CollectDuringTheNextServer() => Ask(RemoteChannelTests.CollectSize);

            private long Ask(int size)
            {
                _echo.SendRequest(ExArray<byte>.Allocate(size));
                _echo.ReceiveResponse(out ExArray<byte> answer);
                long value = 0;
                for (int i = 0; i < 8 && i < answer.Length; i++) value |= (long)answer[i] << (8 * i);
                answer.Free();
                return value;
            }

            public void Dispose() => _echo.Close();
        }
    }
}
