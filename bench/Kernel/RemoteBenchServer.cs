// The satellite's side of the remote SingBench (Cases/RemoteChannels.cs): before it waits its turn to run its own
// cases, k1 serves the coordinator. The first channel the coordinator opens is a control channel (PingPongContract):
// each Ping names what the next channel is for — an echo kernel thread (link_ping), a pingserver process
// (rmp_pingpong_2msg), a bench-roundtrip server process (rmp_roundtrip_<size>) — or asks for this kernel's counters,
// and its Pong answers once that is understood; or asks it to run its half of sched_stress_yield_spread, answered
// once that is done; or asks it to hang (satellite_death_detect), answered just before it does.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Processes;
using Helios.Satellite.Links;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Bench
{
    internal static class RemoteBenchServer
    {
        public const int EchoThread = 1, PingPongProcess = 2, RoundTripProcess = 3, SchedulerStress = 4, Hang = 5;
        public const int ReportBytes = 10, ReportBytesHigh = 11, ReportIpis = 12;

        /// <summary>Serves the coordinator in a thread of its own until the machine is asked to stop.</summary>
        public static void Start()
        {
            Link link = KernelLinks.To(0);
            if (link is null) return;
            Cases.Binds.Serve();                                    // rmp_bind's service
            Cases.EndpointRoundTrips.Serve();                       // rmp_roundtrip_endpoint's
            new Thread(() => Serve(link), "remote bench server", affinity: 0).Start();
        }

        private static void Serve(Link link)
        {
            ulong control = Accept(link);
            if (control == 0) return;
            var commands = new PingPongContract.Exp(control);
            while (commands.TryWaitNext(out _))
            {
                commands.ReceivePing(out int command);
                if (command == Hang)
                {
                    // satellite_death_detect: the Pong, then the hang the coordinator times (Cases/SatelliteDeath.cs).
                    commands.SendPong(0);
                    MachineStatus.MarkHang();
                    Arch.Processor.DisableInterrupts();
                    while (true) { }
                }
                if (command == SchedulerStress)
                {
                    // Its half of sched_stress_yield_spread, at once with the coordinator's; the Pong says it is done.
                    Cases.SchedulerStress.RunHere(Cases.SchedulerStress.ThreadsPerKernelOfTwo, Cases.SchedulerStress.YieldsPerThread);
                    commands.SendPong(0);
                    continue;
                }
                long bytes = link.BytesSent + link.BytesReceived;
                int answer = command switch
                {
                    ReportBytes => (int)bytes,
                    ReportBytesHigh => (int)(bytes >> 32),
                    ReportIpis => (int)link.DoorbellsRung,
                    _ => 0,
                };
                commands.SendPong(answer);
                if (command < ReportBytes && !Launch(link, command)) break;
            }
            commands.Close();
        }

        // The channel the coordinator opens next, served as command says.
        private static bool Launch(Link link, int command)
        {
            ulong endpoint = Accept(link);
            if (endpoint == 0) return false;
            if (command == EchoThread)
            {
                new Thread(() => Echo(endpoint), "link_ping echo", affinity: 0).Start();
                return true;
            }
            Process server = command == PingPongProcess ? Apps.Create("pingserver", new string[0]) : Apps.Create("bench-roundtrip", new[] { "serve" });
            server.GiveEndpoint(endpoint);
            server.Start(cpu: 0);
            return true;
        }

        private static void Echo(ulong endpoint)
        {
            // It receives the one message its state allows, as pingserver does: parked on its end, so an arriving Ping
            // is delivered straight into it (a wait through the wait dispatcher first would cost a select each time).
            var server = new PingPongContract.Exp(endpoint);
            try
            {
                while (true)
                {
                    server.ReceivePing(out int data);
                    server.SendPong(data + 1);
                }
            }
            catch (ChannelException)
            {
                // The coordinator closed the channel: the run is over.
            }
            server.Close();
        }

        // Sleeps between looks: nothing spins (under -icount a spinning CPU would take the coordinator's time).
        private static ulong Accept(Link link)
        {
            while (!MachineStatus.ShutdownRequested)
            {
                if (link.TryAccept(out ulong endpoint, out _)) return endpoint;
                Thread.Sleep(100_000);
            }
            return 0;
        }
    }
}
