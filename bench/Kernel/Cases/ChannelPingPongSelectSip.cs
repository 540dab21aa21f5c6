// channel_pingpong_select_sip: channel_pingpong_2msg_sip with a server that waits with a Select over three cases
// (the ping channel's Ping and closing, anything on a second channel that stays quiet: tests/Apps/Selector
// pingserve) instead of TryWaitNext; PingClient is the client, both pinned to CPU 0. Set beside
// channel_pingpong_2msg_sip, it prices a select in a process (one helios_channel_select) against a wait on one
// endpoint (one helios_channel_wait_next). Timed as that case: N round trips minus none, over N.
using Helios.Contracts;
using Helios.Kernel.Arch;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Bench.Cases
{
    internal static class ChannelPingPongSelectSip
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
            Measure.Report("channel_pingpong_select_sip", perRoundTrip);
        }

        private static ulong Time(int roundTrips)
        {
            Platform platform = Platform.Current;
            PingPongContract.NewChannel(out PingPongContract.Imp client, out PingPongContract.Exp server);
            PipeContract.NewChannel(out PipeContract.Imp quiet, out PipeContract.Exp quietReader);
            Process serverProcess = Apps.Create("selector", new[] { "pingserve" });
            Process clientProcess = Apps.Create("pingclient", new[] { roundTrips.ToString() });
            serverProcess.GiveEndpoint(server.Handle);
            serverProcess.GiveEndpoint(quietReader.Handle);
            clientProcess.GiveEndpoint(client.Handle);
            ulong start = platform.ReadCycleCounter();
            serverProcess.Start(cpu: 0);
            clientProcess.Start(cpu: 0);
            int clientCode = clientProcess.Wait();
            int serverCode = serverProcess.Wait();
            ulong units = platform.CounterToBenchmarkUnits(platform.ReadCycleCounter() - start);
            quiet.Close();
            if (clientCode != 0 || serverCode != 0)
                Diagnostics.Panic.Halt("channel_pingpong_select_sip failed: " + (clientProcess.KillReason ?? serverProcess.KillReason ?? "exit codes " + clientCode.ToString() + ", " + serverCode.ToString()));
            return units;
        }
    }
}
