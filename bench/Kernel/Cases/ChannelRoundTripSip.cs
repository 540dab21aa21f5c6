// channel_roundtrip_<size> (SingBench): one round trip between two processes on CPU 0 (src/Apps/BenchRoundTrip, one
// end each from Process.GiveEndpoint) — the client lends the server an exchange-heap buffer of <size> bytes in
// Request and gets it back in Response. Sending moves the buffer's ownership, never its bytes, so every size should
// cost the same (the bound: 64 KiB at most 1.1x 0 B). Each repetition times a pair making N round trips and a
// pair making none; the difference over N is one round trip, process start and exit cancelling out.
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelRoundTripSip
    {
        private static readonly int[] Sizes = { 0, 64, 1024, 4096, 65536 };
        private const int RoundTrips = 5000;

        public static void Run()
        {
            foreach (int size in Sizes)
            {
                Time(size, 0);
                Time(size, RoundTrips);
                var perRoundTrip = new ulong[Measure.Repetitions];
                for (int rep = 0; rep < perRoundTrip.Length; rep++)
                {
                    ulong with = Time(size, RoundTrips);
                    ulong without = Time(size, 0);
                    perRoundTrip[rep] = with > without ? (with - without + RoundTrips / 2) / RoundTrips : 0;
                }
                Measure.Report("channel_roundtrip_" + size.ToString(), perRoundTrip);
            }
        }

        // One run of a server and a client making roundTrips round trips with a buffer of size bytes, in benchmark units.
        private static ulong Time(int size, int roundTrips)
        {
            Platform platform = Platform.Current;
            BufferRoundTripContract.NewChannel(out BufferRoundTripContract.Imp client, out BufferRoundTripContract.Exp server);
            Process serverProcess = Apps.Create("bench-roundtrip", new[] { "serve" });
            Process clientProcess = Apps.Create("bench-roundtrip", new[] { size.ToString(), roundTrips.ToString() });
            serverProcess.GiveEndpoint(server.Handle);
            clientProcess.GiveEndpoint(client.Handle);
            ulong start = platform.ReadCycleCounter();
            serverProcess.Start(cpu: 0);
            clientProcess.Start(cpu: 0);
            int clientCode = clientProcess.Wait();
            int serverCode = serverProcess.Wait();
            ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
            if (clientCode != 0 || serverCode != 0)
                Diagnostics.Panic.Halt("channel_roundtrip_" + size.ToString() + " failed: " + (clientProcess.KillReason ?? serverProcess.KillReason
                    ?? "exit codes " + clientCode.ToString() + ", " + serverCode.ToString()));
            return units;
        }
    }
}
