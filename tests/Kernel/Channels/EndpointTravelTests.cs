// Endpoints that travel on through a third kernel (docs/channels.md, "Endpoints between kernels"), on a numa4
// machine: the exporter of a TravelContract channel is sent k0 → k1 inside a message, then k1 → k2 (k1 becomes a
// relay), and in one case on back to k0; its importer stays on k0. Every kernel runs a TravelAgent
// ("satellite.test=EndpointTravelSatellite.*"; the coordinator's own when a test needs it) that holds the end and does
// what the coordinator's test ("test=EndpointTravel.*") tells it: receive and check numbered items with arrays, send
// numbered arrays back, hand the end on, close it. Every count and every array's bytes are checked on the side that
// receives them; afterwards each kernel's exchange heap and link channels are back at their baselines and no link
// refused a record. Run on both ISAs by tests/Helios.Tests/InKernel/MultikernelTests.cs.
using System;
using Helios.Channels;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Time;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Channels
{
    internal static class EndpointTravelTests
    {
        private const ulong Patience = 20_000_000_000;  // nanoseconds of the machine's time: only a hang waits this long

        // Command channels to the agents on k1 and k2 (indexed by kernel), once both are registered, and every kernel's
        // counters before the test (TravelAgent.Counters): this kernel's taken before the channels to the agents exist
        // (a command channel's end holds the last message it received as its spare, or not), the others' through them.
        private sealed class Machine
        {
            public readonly TravelAgentContract.Imp[] Agents = new TravelAgentContract.Imp[3];
            private readonly long[] _baselines = new long[3];

            public Machine()
            {
                Assert.True(!KernelRole.IsSatellite && KernelRole.Count >= 3, "runs on the coordinator of a machine of three kernels or more");
                for (int k = 1; k < KernelRole.Count; k++) OneNamespaceTests.AwaitPath(TravelAgent.PathOf(k));    // every kernel is up
                long here = TravelAgent.Counters();
                if (!s_warm)
                {
                    // The first bind from one satellite to another is the first request over their control channel
                    // (KernelControl): its ends keep the last block they received as their spare, a handle on each
                    // kernel for good, and from the second request on each end's shadow keeps the block before (for
                    // the next request to arrive in). So twice, before any baseline, an end goes k0 → k1 → k2 → k1 and
                    // closes; then this kernel's links are back to the channels they had before (the closes crossed).
                    s_warm = true;
                    long before = here;
                    for (int round = 0; round < 2; round++)
                    {
                        for (int k = 1; k < 3; k++) Agents[k] = TravelAgent.Bind(k);
                        TravelContract.NewChannel(out TravelContract.Imp stays, out TravelContract.Exp travels);
                        Agents[1].SendTake(travels);
                        Reply(1, "warm-up: k1 takes an end");
                        Agents[1].SendSendOn(2);
                        Reply(1, "warm-up: k1 hands it to k2");
                        Agents[2].SendSendOn(1);
                        Reply(2, "warm-up: k2 hands it back to k1");
                        Agents[1].SendCloseEnd();
                        Reply(1, "warm-up: k1 closes it");
                        stays.Close();
                        for (int k = 1; k < 3; k++) Agents[k].Close();
                    }
                    for (ulong start = Clock.Now; ((here = TravelAgent.Counters()) >> 32) != (before >> 32) && Clock.Now - start < Patience; )
                        Thread.Sleep(10_000_000);
                }
                _baselines[0] = here;
                for (int k = 1; k < 3; k++)
                {
                    Agents[k] = TravelAgent.Bind(k);
                    CountersOf(k);                              // the first command: the agent's end takes its spare
                    CountersOf(k);                              // the second: its shadow keeps the block before, for the next
                    _baselines[k] = CountersOf(k);
                }
            }

            private static bool s_warm;

            // The agent on kernel's answer to the command just sent (what it was told, for the console: a hang shows
            // where): its value; a failure ends the test with the agent's why.
            public long Reply(int kernel, string what)
            {
                KernelConsole.WriteLine("endpoint travel: " + what);
                string failure = TravelAgent.AwaitReply(Agents[kernel], out long value);
                if (failure is not null) throw new InvalidOperationException(what + ": " + failure);
                return value;
            }

            private long CountersOf(int kernel)
            {
                if (kernel == 0) return TravelAgent.Counters();
                Agents[kernel].SendCounters();
                string failure = TravelAgent.AwaitReply(Agents[kernel], out long value);
                if (failure is not null) throw new InvalidOperationException("counters: " + failure);
                return value;
            }

            // Closes are asynchronous across kernels: each kernel's counters come back to its baseline within Patience
            // (the satellites' asked while the command channels are open, then this kernel's with them closed).
            public void AwaitBaselinesAndClose()
            {
                string differ = "";
                for (int k = 2; k >= 0; k--)
                {
                    if (k == 0)
                        for (int a = 1; a < 3; a++) Agents[a].Close();
                    long now = CountersOf(k);
                    for (ulong start = Clock.Now; now != _baselines[k] && Clock.Now - start < Patience; now = CountersOf(k)) Thread.Sleep(10_000_000);
                    if (now != _baselines[k])
                        differ += "; k" + k.ToString() + " has " + TravelAgent.Describe(now) + ", not " + TravelAgent.Describe(_baselines[k]);
                }
                Assert.Equal("", differ + (differ.Length == 0 ? "" : "; here " + TravelAgent.LinkStats()));
            }
        }

        private static void SendItems(TravelContract.Imp stays, long first, long end)
        {
            for (long i = first; i < end; i++) stays.SendItem(i, TravelData.Make(i));
        }

        // Receives the Backs numbered first to end - 1 and the Over after them, each checked.
        private static void ReceiveBacks(TravelContract.Imp stays, long first, long end)
        {
            ReceiveBackItems(stays, first, end);
            stays.ReceiveOver();
        }

        private static void ReceiveBackItems(TravelContract.Imp stays, long first, long end)
        {
            for (long i = first; i < end; i++)
            {
                stays.ReceiveBack(out long sequence, out ExArray<byte> data);
                string problem = TravelData.Check("back", i, sequence, data);
                if (problem is not null) throw new InvalidOperationException(problem);
            }
        }

        // The turn to the end on kernel, which sends count Backs numbered from first and the turn back; they arrive here.
        private static void TurnAndBacks(Machine machine, TravelContract.Imp stays, int kernel, long first, long count)
        {
            TravelAgentContract.Imp agent = machine.Agents[kernel];
            string on = "k" + kernel.ToString();
            stays.SendTurn();
            agent.SendExpectTurn();
            machine.Reply(kernel, on + " receives the turn");
            agent.SendBacks(first, count);
            machine.Reply(kernel, on + " sends backs " + first.ToString() + "-" + (first + count - 1).ToString());
            agent.SendSendOver();
            machine.Reply(kernel, on + " gives the turn back");
            ReceiveBacks(stays, first, first + count);
        }

        // k0 → k1 → k2. Items: 200 queued at the end before it leaves k0, 1000 sent while it crosses, 100 after; k1
        // receives all 1300; 100 more queued at it on k1 before it leaves (they precede the command on the ring), 1000
        // sent while it crosses to k2, 100 after; k2 receives those 1200, in order. Backs: 300 sent from k1 before
        // the second transfer, 300 from k2 after it (relayed by k1), in order here.
        [Test(Category = "multikernel")]
        public static void AnEndSentOnThroughAThirdKernelKeepsItsMessagesInOrder()
        {
            var machine = new Machine();
            TravelAgentContract.Imp[] agents = machine.Agents;
            TravelContract.NewChannel(out TravelContract.Imp stays, out TravelContract.Exp travels);

            SendItems(stays, 0, 200);
            Peer during = Peer.Start(() => SendItems(stays, 200, 1200));
            agents[1].SendTake(travels);
            machine.Reply(1, "k1 takes the end");
            during.Join();
            SendItems(stays, 1200, 1300);
            agents[1].SendExpect(0, 1300);
            Assert.Equal(1300L, machine.Reply(1, "k1 receives items 0-1299"));
            TurnAndBacks(machine, stays, 1, 0, 300);

            SendItems(stays, 1300, 1400);
            during = Peer.Start(() => SendItems(stays, 1400, 2400));
            agents[1].SendSendOn(2);
            machine.Reply(1, "k1 hands the end to k2");
            during.Join();
            SendItems(stays, 2400, 2500);
            agents[2].SendExpect(1300, 1200);
            Assert.Equal(1200L, machine.Reply(2, "k2 receives items 1300-2499"));
            TurnAndBacks(machine, stays, 2, 300, 300);

            stays.Close();
            agents[2].SendAwaitClosed();
            machine.Reply(2, "k2 sees the channel closed");
            machine.AwaitBaselinesAndClose();
        }

        // An end sent k0 → k1 → k2 with items still queued at it on k1 and sent after it left (so in flight through
        // the relay); its peer here: 50 received on k1, 150 on k2.
        private static TravelContract.Imp SendThroughTwoKernels(Machine machine)
        {
            TravelAgentContract.Imp[] agents = machine.Agents;
            TravelContract.NewChannel(out TravelContract.Imp stays, out TravelContract.Exp travels);
            SendItems(stays, 0, 100);
            agents[1].SendTake(travels);
            machine.Reply(1, "k1 takes the end");
            agents[1].SendExpect(0, 50);
            machine.Reply(1, "k1 receives items 0-49");
            agents[1].SendSendOn(2);
            machine.Reply(1, "k1 hands the end to k2");
            SendItems(stays, 100, 200);
            return stays;
        }

        // After SendThroughTwoKernels: the turn to k2, which receives the items still on their way and sends Backs 0-99
        // (not received here yet).
        private static void TurnToK2WithBacks(Machine machine, TravelContract.Imp stays)
        {
            TravelAgentContract.Imp k2 = machine.Agents[2];
            stays.SendTurn();
            k2.SendExpect(50, 150);
            machine.Reply(2, "k2 receives items 50-199");
            k2.SendExpectTurn();
            machine.Reply(2, "k2 receives the turn");
            k2.SendBacks(0, 100);
            machine.Reply(2, "k2 sends backs 0-99");
        }

        // The end that stayed closes, with items still on their way to k2: k2 receives them all, then a receive
        // reports the channel closed.
        [Test(Category = "multikernel")]
        public static void ClosingTheEndThatStayedIsSeenTwoKernelsAway()
        {
            var machine = new Machine();
            TravelAgentContract.Imp[] agents = machine.Agents;
            TravelContract.Imp stays = SendThroughTwoKernels(machine);
            stays.Close();
            agents[2].SendExpect(50, 150);
            Assert.Equal(150L, machine.Reply(2, "k2 receives items 50-199"));
            agents[2].SendAwaitClosed();
            machine.Reply(2, "k2 sees the channel closed");
            machine.AwaitBaselinesAndClose();
        }

        // The end that travelled closes on k2 right after sending 100 Backs: they all arrive here, then a receive
        // reports the channel closed.
        [Test(Category = "multikernel")]
        public static void ClosingTheEndThatTravelledIsSeenTwoKernelsAway()
        {
            var machine = new Machine();
            TravelAgentContract.Imp[] agents = machine.Agents;
            TravelContract.Imp stays = SendThroughTwoKernels(machine);
            TurnToK2WithBacks(machine, stays);
            agents[2].SendCloseEnd();
            machine.Reply(2, "k2 closes the end");
            ReceiveBackItems(stays, 0, 100);
            Assert.Throws<ChannelClosedException>(() => stays.ReceiveOver());
            Assert.True(stays.IsClosed, "k2's close is seen here");
            stays.Close();
            machine.AwaitBaselinesAndClose();
        }

        // k0 → k1 → k2 → k0: the end comes back to its peer's kernel and both ends are here, the channel running
        // through k1 and k2. Backs: 100 sent on k2 before the end leaves it (queued here), received while it crosses,
        // 100 sent here after; then 1000 items each received as soon as it is sent, and the close.
        [Test(Category = "multikernel")]
        public static void AnEndThatTravelsBackToItsPeersKernelStillWorks()
        {
            TravelAgent.StartHere();
            var machine = new Machine();
            TravelAgentContract.Imp[] agents = machine.Agents;
            TravelContract.Imp stays = SendThroughTwoKernels(machine);
            TurnToK2WithBacks(machine, stays);
            Peer receiving = Peer.Start(() => ReceiveBacks(stays, 0, 200));
            agents[2].SendSendOn(0);
            machine.Reply(2, "k2 hands the end back to k0");
            TravelContract.Exp back = TravelAgent.TakeHeld();
            Assert.True(back.Handle != 0, "k0's agent holds the end");
            for (long i = 100; i < 200; i++) back.SendBack(i, TravelData.Make(i));
            back.SendOver();
            receiving.Join();

            for (long i = 200; i < 1200; i++)
            {
                stays.SendItem(i, TravelData.Make(i));
                back.ReceiveItem(out long sequence, out ExArray<byte> data);
                string problem = TravelData.Check("item", i, sequence, data);
                if (problem is not null) throw new InvalidOperationException(problem);
            }
            stays.Close();
            Assert.Throws<ChannelClosedException>(() =>
            {
                back.ReceiveItem(out _, out ExArray<byte> never);
                never.Free();
            });
            Assert.True(back.IsClosed, "the close came back round");
            back.Close();
            machine.AwaitBaselinesAndClose();
        }
    }

    // Each satellite's part: its agent serves until the machine stops.
    internal static class EndpointTravelSatelliteTests
    {
        [Test(Category = "multikernel")]
        public static void ServeTheCoordinator()
        {
            Assert.True(KernelRole.IsSatellite, "runs on a satellite");
            TravelAgent.Serve();
        }
    }
}
