// channel_pingpong_2msg_sip: channel_pingpong_2msg between two processes (tests/Apps PingClient and PingServer, one
// end each from Process.GiveEndpoint), both pinned to CPU 0. Each repetition times a pair of processes making N round
// trips and a pair making none; the difference over N is one round trip through the channel ABI, process start and
// exit cancelling out.
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelPingPongSip
    {
        private const int RoundTrips = 20000;

        public static void Run()
        {
            Time(0);
            Time(RoundTrips);
            var perRoundTrip = new ulong[Measure.Repetitions];
            for (int rep = 0; rep < perRoundTrip.Length; rep++)
            {
                ulong with = Time(RoundTrips);
                ulong without = Time(0);
                perRoundTrip[rep] = with > without ? (with - without + RoundTrips / 2) / RoundTrips : 0;
            }
            Measure.Report("channel_pingpong_2msg_sip", perRoundTrip);
        }

        // One run of a server and a client making roundTrips round trips, in benchmark units.
        private static ulong Time(int roundTrips)
        {
            Platform platform = Platform.Current;
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            Process serverProcess = Apps.Create("pingserver", new string[0]);
            Process clientProcess = Apps.Create("pingclient", new[] { roundTrips.ToString() });
            serverProcess.GiveEndpoint(server.Handle);
            clientProcess.GiveEndpoint(client.Handle);
            ulong start = platform.ReadCycleCounter();
            serverProcess.Start(cpu: 0);
            clientProcess.Start(cpu: 0);
            int clientCode = clientProcess.Wait();
            int serverCode = serverProcess.Wait();
            ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
            if (clientCode != 0 || serverCode != 0)
                Diagnostics.Panic.Halt("channel_pingpong_2msg_sip failed: " + (clientProcess.KillReason ?? serverProcess.KillReason ?? "exit codes " + clientCode.ToString() + ", " + serverCode.ToString()));
            return units;
        }
    }
}
