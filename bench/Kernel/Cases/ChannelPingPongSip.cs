// channel_pingpong_2msg_sip: channel_pingpong_2msg between two processes (tests/Apps PingClient and PingServer, one
// end each from Process.GiveEndpoint), both pinned to CPU 0. Each repetition times a pair of processes making N round
// trips and a pair making none; the difference over N is one round trip through the channel ABI, process start and
// exit cancelling out.
using Helios.Contracts;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelPingPongSip
    {
        private const int RoundTrips = 20000;

        public static unsafe void Run() => Measure.RunDifference("channel_pingpong_2msg_sip", RoundTrips, &Time);

        // One run of a server and a client making roundTrips round trips, in benchmark units.
        private static ulong Time(int roundTrips)
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            Process serverProcess = Apps.Create("pingserver", new string[0]);
            Process clientProcess = Apps.Create("pingclient", new[] { roundTrips.ToString() });
            serverProcess.GiveEndpoint(server.Handle);
            clientProcess.GiveEndpoint(client.Handle);
            return Measure.TimeProcesses("channel_pingpong_2msg_sip", serverProcess, clientProcess);
        }
    }
}
