// channel_pingpong_select_sip: channel_pingpong_2msg_sip with a server that waits with a Select over three cases
// (the ping channel's Ping and closing, anything on a second channel that stays quiet: tests/Apps/Selector
// pingserve) instead of TryWaitNext; PingClient is the client, both pinned to CPU 0. Set beside
// channel_pingpong_2msg_sip, it prices a select in a process (one helios_channel_select) against a wait on one
// endpoint (one helios_channel_wait_next). Timed as that case: N round trips minus none, over N.
using Helios.Contracts;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelPingPongSelectSip
    {
        private const int RoundTrips = 20000;

        public static unsafe void Run() => Measure.RunDifference("channel_pingpong_select_sip", RoundTrips, &Time);

        private static ulong Time(int roundTrips)
        {
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            PipeContract.NewChannel(out PipeContract.Imp quiet, out PipeContract.Exp quietReader);
            Process serverProcess = Apps.Create("selector", new[] { "pingserve" });
            Process clientProcess = Apps.Create("pingclient", new[] { roundTrips.ToString() });
            serverProcess.GiveEndpoint(server.Handle);
            serverProcess.GiveEndpoint(quietReader.Handle);
            clientProcess.GiveEndpoint(client.Handle);
            ulong units = Measure.TimeProcesses("channel_pingpong_select_sip", serverProcess, clientProcess);
            quiet.Close();
            return units;
        }
    }
}
