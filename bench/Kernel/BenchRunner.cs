// The bench image's payload: runs every case of a suite (suite=kernel, the default; sip: the process cases, which need
// the boot bundle; channels; stress: sched_stress_yield_spread, for smp4 and numa2x2 machines; containment:
// satellite_death_detect, for a numa2 machine of its own), or the cases the command line names
// (bench=thread_yield,timer_irq), with reps=N repetitions, prints their RESULT lines between BENCH-START and
// BENCH-END, and exits. On a multikernel machine (docs/multikernel.md) the coordinator first reports satellite_boot,
// and each satellite runs its cases (satellite.bench=..., by default thread_yield and waitset_pingpong) only once the
// coordinator has finished and asked the machine to stop: under -icount every CPU shares one clock, so two kernels
// measuring at once would count each other's instructions. Every RESULT line then says which kernel measured it
// (kernel=<id>). Until then k1 serves the far side of the coordinator's channels between kernels (RemoteBenchServer).
using System;
using Helios.Kernel;
using Helios.Kernel.Boot;
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench
{
    internal static unsafe class BenchRunner
    {
        internal static void Install()
        {
            KernelMain.Payload = &Run;
            KernelMain.SatellitePayload = &RunOnSatellite;
        }

        private const string SatelliteDefault = "thread_yield,waitset_pingpong";

        // Each case's name and suite: kernel (the default), sip (processes, from the boot bundle), channels.
        private static readonly string[] Names =
        {
            "thread_yield", "waitset_pingpong", "timer_irq", "sched_stress_yield", "throw_catch", "alloc_small", "gc_collect",
            "abi_call", "process_create_exit", "remote_process_create_exit",
            "channel_roundtrip", "channel_pingpong_2msg", "channel_pingpong_2msg_sip",
            "channel_pingpong_select_sip", "channel_roundtrip_threads",
            "process_console_line", "process_console_line_relay",
            "link_ping", "rmp_pingpong_2msg", "rmp_roundtrip",
            "sched_stress_yield_spread", "satellite_death_detect", "local_bind", "rmp_bind",
            "channel_roundtrip_endpoint", "rmp_roundtrip_endpoint",
        };

        private static readonly string[] Suites =
        {
            "kernel", "kernel", "kernel", "kernel", "kernel", "kernel", "kernel",
            "sip", "sip", "sip",
            "channels", "channels", "channels",
            "channels", "channels",
            "sip", "sip",
            "channels", "channels", "channels",
            "stress", "containment", "channels", "channels",
            "channels", "channels",
        };

        private static void RunCase(int index)
        {
            switch (index)
            {
                case 0: Cases.ThreadYield.Run(); break;
                case 1: Cases.WaitSetPingPong.Run(); break;
                case 2: Cases.TimerInterrupt.Run(); break;
                case 3: Cases.SchedulerStress.Run(); break;
                case 4: Cases.ThrowCatch.Run(); break;
                case 5: Cases.Allocation.RunSmall(); break;
                case 6: Cases.Allocation.RunCollect(); break;
                case 7: Cases.AbiCall.Run(); break;
                case 8: Cases.ProcessCreateExit.Run(); break;
                case 9: Cases.RemoteProcessCreateExit.Run(); break;
                case 10: Cases.ChannelRoundTripSip.Run(); break;
                case 11: Cases.ChannelPingPong.Run(); break;
                case 12: Cases.ChannelPingPongSip.Run(); break;
                case 13: Cases.ChannelPingPongSelectSip.Run(); break;
                case 14: Cases.ChannelRoundTrip.Run(); break;
                case 15: Cases.ConsoleLine.Run(); break;
                case 16: Cases.ConsoleLineRelay.Run(); break;
                case 17: Cases.RemoteChannels.RunLinkPing(); break;
                case 18: Cases.RemoteChannels.RunPingPong(); break;
                case 19: Cases.RemoteChannels.RunRoundTrips(); break;
                case 20: Cases.SchedulerStress.RunSpread(); break;
                case 21: Cases.SatelliteDeath.Run(); break;
                case 22: Cases.Binds.RunLocal(); break;
                case 23: Cases.Binds.RunRemote(); break;
                case 24: Cases.EndpointRoundTrips.RunLocal(); break;
                case 25: Cases.EndpointRoundTrips.RunRemote(); break;
            }
        }

        private static int Run(BootInfo boot)
        {
            var line = new CommandLine(boot.CommandLine);
            if (KernelRole.IsMultikernel) ReportSatelliteBoot();
            return Run(line, line.GetValue("bench"), line.GetValue("suite") ?? "kernel");
        }

        private static int RunOnSatellite(BootInfo boot)
        {
            if (KernelRole.Id == 1) RemoteBenchServer.Start();     // the far side of the coordinator's remote cases
            SatelliteIdle.WaitForShutdown();
            var line = new CommandLine(boot.CommandLine);
            return Run(line, line.GetValue("satellite.bench") ?? SatelliteDefault, "kernel");
        }

        // Counter ticks from the coordinator starting each satellite to its report of being online, beside the
        // coordinator's own boot up to its banner (its counter started at 0 with the machine).
        private static void ReportSatelliteBoot()
        {
            ulong coordinator = Platform.Current.CounterToBenchmarkUnits(KernelMain.BannerCounter);
            for (int k = 1; k < KernelRole.Count; k++)
            {
                ulong ticks = Platform.Current.CounterToBenchmarkUnits(SatelliteLauncher.BootTicks(k));
                KernelConsole.WriteLine("RESULT name=satellite_boot unit=" + Platform.Current.BenchmarkUnit + " median=" + ticks.ToString()
                    + " min=" + ticks.ToString() + " iters=1 kernel=" + k.ToString() + " coordinator_boot=" + coordinator.ToString());
            }
        }

        private static int Run(CommandLine line, string only, string suite)
        {
            string reps = line.GetValue("reps");
            if (reps is not null && int.TryParse(reps, out int count) && count >= 11) Measure.Repetitions = count;
            KernelConsole.WriteLine("BENCH-START");
            // Every case runs on CPU 0, in a thread pinned there: the other CPUs idle, as Linux's are offline.
            var runner = new Thread(() =>
            {
                for (int i = 0; i < Names.Length; i++)
                    if (only is null ? Suites[i] == suite : Array.IndexOf(only.Split(','), Names[i]) >= 0) RunCase(i);
            }, "bench", affinity: 0);
            runner.Start();
            runner.Join();
            KernelConsole.WriteLine("BENCH-END ok");
            return (int)ExitCode.Success;
        }
    }
}

namespace Internal.Runtime.CompilerHelpers
{
    // ilc's library-initializer contract: the runtime calls this once at startup, before the kernel reads its payload.
    internal static class LibraryInitializer
    {
        public static void InitializeLibrary() => Helios.Kernel.Bench.BenchRunner.Install();
    }
}
