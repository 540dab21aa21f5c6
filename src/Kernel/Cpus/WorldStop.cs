// Stopping every other CPU for the collector: each gets the wake-up IPI and, in its handler, notes where its stack is
// (the interrupted thread's registers are in the trap frame above that point) and spins until released. A CPU takes
// the IPI only with interrupts on, so it never stops inside a critical section: not while it holds a spin lock taken
// with interrupts masked, nor in the middle of an allocation. Separate from CrossCall's lock, so that a CPU waiting in
// CrossCall (interrupts on) can be stopped too.
using System.Threading;
using Helios.Kernel.Arch;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Time;

namespace Helios.Kernel.Cpus
{
    internal static unsafe class WorldStop
    {
        // How long the other CPUs may take to stop before the kernel reports a deadlock instead of hanging.
        private const ulong PatienceNanoseconds = 10_000_000_000;

        private static int s_stopped;
        private static int s_release;
        private static bool s_active;

        /// <summary>Whether other CPUs are stopped now.</summary>
        public static bool Active => s_active;

        /// <summary>Stops every other online CPU; call with interrupts masked. Returns once all are stopped.</summary>
        public static void StopOthers()
        {
            Cpu self = Cpu.Current;
            Volatile.Write(ref s_release, 0);
            int targets = 0;
            foreach (Cpu cpu in Cpu.All)
            {
                if (cpu == self || !cpu.Online) continue;
                targets++;
                Volatile.Write(ref cpu.StopPending, 1);
                Platform.Current.SendWakeup(cpu);
            }
            ulong deadline = Clock.Now + PatienceNanoseconds;
            while (Volatile.Read(ref s_stopped) < targets)
            {
                if (Clock.Now > deadline) Panic.Halt("collector: a CPU did not stop within 10 s (does it allocate with interrupts masked?)");
                Processor.Relax();
            }
            s_active = true;
        }

        /// <summary>Lets the stopped CPUs go on, and returns once they have all left the stop.</summary>
        public static void ResumeOthers()
        {
            s_active = false;
            Volatile.Write(ref s_release, 1);
            while (Volatile.Read(ref s_stopped) != 0) Processor.Relax();
        }

        /// <summary>
        /// From the wake-up interrupt, or from a CPU waiting for the heap with interrupts masked: stop here if asked,
        /// until released. The request is taken atomically, so the two ways never both stop for it.
        /// </summary>
        internal static void StopIfAsked(Cpu cpu)
        {
            if (Volatile.Read(ref cpu.StopPending) == 0 || Interlocked.Exchange(ref cpu.StopPending, 0) == 0) return;
            ulong here = 0;
            cpu.StoppedStackPointer = (ulong)&here;
            Interlocked.Increment(ref s_stopped);
            while (Volatile.Read(ref s_release) == 0) Processor.Relax();
            cpu.StoppedStackPointer = 0;
            Interlocked.Decrement(ref s_stopped);
        }
    }
}
