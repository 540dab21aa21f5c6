// channel_roundtrip_<size> (SingBench): one round trip between two processes on CPU 0 (src/Apps/BenchRoundTrip, one
// end each from Process.GiveEndpoint) — the client lends the server an exchange-heap buffer of <size> bytes in
// Request and gets it back in Response. Sending moves the buffer's ownership, never its bytes, so every size should
// cost the same (the bound: 64 KiB at most 1.1x 0 B). Each repetition times a pair making N round trips and a
// pair making none; the difference over N is one round trip, process start and exit cancelling out.
using Helios.Contracts;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelRoundTripSip
    {
        private static readonly int[] Sizes = { 0, 64, 1024, 4096, 65536 };
        private const int RoundTrips = 5000;

        private static int s_size;

        public static unsafe void Run()
        {
            foreach (int size in Sizes)
            {
                s_size = size;
                Measure.RunDifference("channel_roundtrip_" + size.ToString(), RoundTrips, &Time);
            }
        }

        // One run of a server and a client making roundTrips round trips with a buffer of s_size bytes.
        private static ulong Time(int roundTrips)
        {
            BufferRoundTripContract.NewChannel(out BufferRoundTripContract.Imp client, out BufferRoundTripContract.Exp server);
            Process serverProcess = Apps.Create("bench-roundtrip", new[] { "serve" });
            Process clientProcess = Apps.Create("bench-roundtrip", new[] { s_size.ToString(), roundTrips.ToString() });
            serverProcess.GiveEndpoint(server.Handle);
            clientProcess.GiveEndpoint(client.Handle);
            return Measure.TimeProcesses("channel_roundtrip_" + s_size.ToString(), serverProcess, clientProcess);
        }
    }
}
