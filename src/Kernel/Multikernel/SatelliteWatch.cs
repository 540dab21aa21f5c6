// Containment (docs/multikernel.md, "A dead satellite"): the coordinator watches every satellite it linked to while the
// machine runs. A satellite is dead when it reports a panic, or when its heartbeat (its first CPU's timer tick, in the
// machine page, also counted by a collection in progress) stops for Timeout of the coordinator's clock (default
// 500 ms; the command line's "satellite.timeout=<ms>"). The coordinator's own tick looks (a few words read per tick:
// nothing spins, and under -icount nothing extra runs between ticks); the watch thread then contains the death: it
// stops the satellite's CPUs where the ISA can (x86_64: INIT), fails its link (every channel to it closes: peers get
// the ordinary channel-closed error; what the link held is freed), takes its paths and /kernels/<id> out of the
// directory, and prints one line naming the kernel and the reason. The machine goes on.
// A satellite watches its peer satellites too, but judges nothing itself: a peer is dead when the machine page says so
// (it reported a panic, or the coordinator declared it dead), and then only that satellite's own link to it fails.
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Namespace;
using Helios.Satellite.Boot;
using Helios.Satellite.Links;
using Helios.Satellite.Topology;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Multikernel
{
    public static class SatelliteWatch
    {
        /// <summary>
        /// How long a satellite's heartbeat may stop before it is declared dead. A collection masks interrupts, so the
        /// tick cannot count while one runs (under QEMU's TCG, more than 500 ms was seen); the collector beats instead
        /// (CollectorHost.Progress, MachineStatus.BeatFromCollector), so a busy satellite is not taken for a hung one.
        /// </summary>
        public static int TimeoutMilliseconds { get; private set; } = 500;

        private static readonly bool[] s_watched = new bool[MachinePage.MaxKernels];
        private static readonly ulong[] s_lastBeat = new ulong[MachinePage.MaxKernels];
        private static readonly int[] s_still = new int[MachinePage.MaxKernels];
        private static readonly int[] s_why = new int[MachinePage.MaxKernels];    // Panicked or Silent, set by the tick
        private static readonly ulong[] s_declaredAt = new ulong[MachinePage.MaxKernels];   // the counter then
        private const int Panicked = 1, Silent = 2, DeclaredDead = 3;
        private static volatile bool s_pending;
        private static Thread s_thread;
        private static int s_ticksPerMillisecond = 1;

        /// <summary>Satellites declared dead so far.</summary>
        public static int Deaths { get; private set; }

        /// <summary>The coordinator, once satellite k is linked: watch it from now on.</summary>
        internal static void Watch(int k, string timeoutOption, uint tickHz)
        {
            if (s_thread is null)
            {
                if (timeoutOption is not null && int.TryParse(timeoutOption, out int ms) && ms >= 10 && ms <= 60_000) TimeoutMilliseconds = ms;
                s_ticksPerMillisecond = tickHz >= 1000 ? (int)(tickHz / 1000) : 1;
                StartThread();
            }
            s_lastBeat[k] = MachineStatus.Heartbeat(k);
            s_still[k] = 0;
            s_watched[k] = true;
        }

        /// <summary>A satellite, once linked to satellite k: fail that link when the machine page says k is dead.</summary>
        internal static void WatchPeer(int k)
        {
            StartThread();
            s_watched[k] = true;
        }

        private static void StartThread()
        {
            if (s_thread is not null) return;
            s_thread = new Thread(Contain, "satellite watch");
            s_thread.Start();
        }

        /// <summary>Whether satellite k was declared dead (and contained) by this watch.</summary>
        public static bool IsDead(int k) => (uint)k < (uint)s_why.Length && s_why[k] != 0 && !s_watched[k];

        /// <summary>
        /// For a satellite that hung on purpose (MachineStatus.MarkHang) and was declared dead for its silence: counter
        /// ticks from its hang to the tick that declared it; else 0.
        /// </summary>
        public static ulong NoticedAfter(int k)
        {
            ulong hung = MachineStatus.HungAt(k);
            return IsDead(k) && s_why[k] == Silent && hung != 0 && s_declaredAt[k] > hung ? s_declaredAt[k] - hung : 0;
        }

        // The coordinator's first CPU, every tick, interrupts masked: a panic reported, or a heartbeat that stopped.
        internal static void OnTick()
        {
            if (s_thread is null) return;
            for (int k = 1; k < s_watched.Length; k++)
            {
                if (!s_watched[k] || s_why[k] != 0) continue;
                KernelState state = MachineStatus.State(k);
                if (state == KernelState.Exited)
                {
                    s_watched[k] = false;           // it ended as asked, or its payload did: not a death
                    continue;
                }
                if (state == KernelState.Panicked) s_why[k] = Panicked;
                else if (KernelRole.IsSatellite)
                {
                    if (state != KernelState.Dead) continue;    // the coordinator judges heartbeats, and says so here
                    s_why[k] = DeclaredDead;
                }
                else
                {
                    ulong beat = MachineStatus.Heartbeat(k);
                    s_still[k] = beat == s_lastBeat[k] ? s_still[k] + 1 : 0;
                    s_lastBeat[k] = beat;
                    if (s_still[k] < TimeoutMilliseconds * s_ticksPerMillisecond) continue;
                    s_why[k] = Silent;            // no allocation here: the words are the watch thread's
                    s_declaredAt[k] = Platform.Current.ReadCycleCounter();
                }
                s_pending = true;
                Threading.Scheduler.Wake(s_thread);
            }
        }

        // The watch thread: contains each death the tick found, then sleeps until the next.
        private static void Contain()
        {
            while (true)
            {
                while (!s_pending) Threading.Scheduler.Block();
                s_pending = false;
                for (int k = 1; k < s_watched.Length; k++)
                    if (s_watched[k] && s_why[k] != 0) Bury(k);
            }
        }

        private static void Bury(int k)
        {
            s_watched[k] = false;
            Deaths++;
            if (KernelRole.IsSatellite)
            {
                // A peer satellite: what is this kernel's to undo is its link (the coordinator did the rest).
                KernelLinks.Lost(k, "k" + k.ToString() + (s_why[k] == Panicked ? " panicked" : " was declared dead"));
                KernelConsole.WriteLine("k" + k.ToString() + " is dead: " + (s_why[k] == Panicked ? "it panicked" : "the coordinator declared it so")
                    + "; this kernel's channels to it closed");
                return;
            }
            string why = s_why[k] == Panicked ? "it panicked" : "no heartbeat for " + TimeoutMilliseconds.ToString() + " ms";
            if (s_why[k] == Silent) MachineStatus.Report(k, KernelState.Dead);     // a panic stays on record as one
            bool stopped = StopCpus(k);
            KernelLinks.Lost(k, "k" + k.ToString() + " died: " + why);
            int paths = NameService.Purge(k);
            KernelConsole.WriteLine("k" + k.ToString() + " is dead: " + why + "; " + (stopped ? "its CPUs are stopped" : "its CPUs cannot be stopped on this ISA")
                + ", its channels closed, " + paths.ToString() + " namespace path" + (paths == 1 ? "" : "s") + " removed");
            ulong noticed = NoticedAfter(k);
            if (noticed != 0)
                KernelConsole.WriteLine("k" + k.ToString() + " hung on purpose; its death was declared " + (Time.Clock.CountsToNanoseconds(noticed) / 1000).ToString()
                    + " us after it hung (timeout " + TimeoutMilliseconds.ToString() + " ms)");
        }

        // Its CPUs stop for good where the ISA lets one CPU stop another.
        private static bool StopCpus(int k)
        {
            TopologyPlan plan = SatelliteLauncher.Plan;
            if (plan is null || k >= plan.Kernels.Count) return false;
            bool all = true;
            foreach (ulong cpu in plan.Kernels[k].Cpus) all &= Platform.Current.StopForeignCpu(cpu);
            return all;
        }
    }
}
