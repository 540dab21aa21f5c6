// The remote SingBench (docs/channels.md, "Channels between kernels"), on a machine of two kernels or more, beside the
// local figures of the same run: link_ping (kernel threads on k0 and k1, one Ping and one Pong record per round trip),
// rmp_pingpong_2msg (pingclient on k0, pingserver on k1: channel_pingpong_2msg_sip across kernels) and
// rmp_roundtrip_<size> (bench-roundtrip on each kernel: channel_roundtrip_<size> across kernels). Each line adds
// copied= (bytes of values and arrays copied per round trip, on both kernels: onto a ring and off it) and ipis= (doorbell
// interrupts per round trip, both kernels). What k1 runs for each channel is chosen over a control channel first
// (RemoteBenchServer). Nothing is printed on a machine of one kernel.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Processes;
using Helios.Satellite.Links;

namespace Helios.Kernel.Bench.Cases
{
    internal static class RemoteChannels
    {
        private static readonly int[] Sizes = { 0, 64, 1024, 4096, 65536 };
        private const ulong LinkPings = 1000;
        private const int ProcessRoundTrips = 2000;

        private static PingPongContract.Imp s_control, s_client;
        private static Link s_link;
        private static int s_size;

        public static unsafe void RunLinkPing()
        {
            if (!Begin()) return;
            s_client = Open<PingPongContract.Imp>(RemoteBenchServer.EchoThread);
            string fields = Counted(LinkPings, &LinkPingBatch);
            Measure.Run("link_ping", LinkPings, &LinkPingBatch, fields);
            s_client.Close();
        }

        public static unsafe void RunPingPong()
        {
            if (!Begin()) return;
            string fields = CountedProcesses(ProcessRoundTrips, &PingPongRun);
            Measure.RunDifference("rmp_pingpong_2msg", ProcessRoundTrips, &PingPongRun, fields);
        }

        public static unsafe void RunRoundTrips()
        {
            if (!Begin()) return;
            foreach (int size in Sizes)
            {
                s_size = size;
                string fields = CountedProcesses(ProcessRoundTrips, &RoundTripRun);
                Measure.RunDifference("rmp_roundtrip_" + size.ToString(), ProcessRoundTrips, &RoundTripRun, fields);
            }
        }

        /// <summary>Asks k1 to run its half of sched_stress_yield_spread now; AwaitSchedulerStress returns once it is done.</summary>
        internal static void StartSchedulerStress()
        {
            Begin();
            s_control.SendPing(RemoteBenchServer.SchedulerStress);
        }

        internal static void AwaitSchedulerStress() => s_control.ReceivePong(out _);

        /// <summary>Asks k1 to hang, interrupts masked (satellite_death_detect); returns once it has said it will.</summary>
        internal static void AskToHang()
        {
            Begin();
            s_control.SendPing(RemoteBenchServer.Hang);
            s_control.ReceivePong(out _);
        }

        // The link to k1 and the control channel to its bench server, once.
        private static bool Begin()
        {
            if (KernelRole.Count < 2) return false;
            if (s_link is null)
            {
                s_link = KernelLinks.To(1);
                s_control = new PingPongContract.Imp(s_link.Open(PingPongContract.Info, ContractInfo.Importer, ExchangeHeap.Current.KernelOwner));
            }
            return true;
        }

        // Tells k1 what the next channel is for (RemoteBenchServer's modes), then opens it: this kernel holds the importer.
        private static T Open<T>(int mode) where T : struct
        {
            s_control.SendPing(mode);
            s_control.ReceivePong(out _);
            ulong handle = s_link.Open(mode == RemoteBenchServer.RoundTripProcess ? BufferRoundTripContract.Info : PingPongContract.Info,
                ContractInfo.Importer, ExchangeHeap.Current.KernelOwner);
            return mode == RemoteBenchServer.RoundTripProcess ? (T)(object)new BufferRoundTripContract.Imp(handle) : (T)(object)new PingPongContract.Imp(handle);
        }

        private static void LinkPingBatch(ulong operations)
        {
            PingPongContract.Imp client = s_client;
            for (ulong i = 0; i < operations; i++)
            {
                client.SendPing((int)i);
                client.ReceivePong(out _);
            }
        }

        private static ulong PingPongRun(int roundTrips)
        {
            var channel = Open<PingPongContract.Imp>(RemoteBenchServer.PingPongProcess);
            Process client = Apps.Create("pingclient", new[] { roundTrips.ToString() });
            client.GiveEndpoint(channel.Handle);
            return Measure.TimeProcesses("rmp_pingpong_2msg", client);
        }

        private static ulong RoundTripRun(int roundTrips)
        {
            var channel = Open<BufferRoundTripContract.Imp>(RemoteBenchServer.RoundTripProcess);
            Process client = Apps.Create("bench-roundtrip", new[] { s_size.ToString(), roundTrips.ToString() });
            client.GiveEndpoint(channel.Handle);
            return Measure.TimeProcesses("rmp_roundtrip_" + s_size.ToString(), client);
        }

        // copied= and ipis= per round trip, from one counted run of operations round trips: both kernels' counters (k1's
        // over the control channel), whose own few messages and the channel's opening and closing are lost in the
        // division (a few bytes over thousands of round trips).
        private static unsafe string Counted(ulong operations, delegate*<ulong, void> batch)
        {
            (long bytes, long ipis) = Counters();
            batch(operations);
            return Fields(bytes, ipis, operations);
        }

        private static unsafe string CountedProcesses(int roundTrips, delegate*<int, ulong> run)
        {
            (long bytes, long ipis) = Counters();
            run(roundTrips);
            return Fields(bytes, ipis, (ulong)roundTrips);
        }

        private static string Fields(long bytesBefore, long ipisBefore, ulong operations)
        {
            (long bytesAfter, long ipisAfter) = Counters();
            ulong copied = (ulong)(bytesAfter - bytesBefore), hundredths = (ulong)(ipisAfter - ipisBefore) * 100 / operations;
            return "copied=" + ((copied + operations / 2) / operations).ToString()
                + " ipis=" + (hundredths / 100).ToString() + "." + (hundredths % 100).ToString("D2");
        }

        // Bytes copied and doorbells rung on both kernels so far (k1's as its bench server reports them).
        private static (long Bytes, long Ipis) Counters()
        {
            s_control.SendPing(RemoteBenchServer.ReportBytes);
            s_control.ReceivePong(out int farBytesLow);
            s_control.SendPing(RemoteBenchServer.ReportBytesHigh);
            s_control.ReceivePong(out int farBytesHigh);
            s_control.SendPing(RemoteBenchServer.ReportIpis);
            s_control.ReceivePong(out int farIpis);
            long far = (long)(uint)farBytesLow | (long)farBytesHigh << 32;
            return (s_link.BytesSent + s_link.BytesReceived + far, s_link.DoorbellsRung + farIpis);
        }
    }
}
