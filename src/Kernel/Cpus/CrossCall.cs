// Asking the other CPUs to do something now and waiting until they all have: today, dropping TLB entries of
// mappings that changed (AddressSpace.Unmap). The request rides on the wake-up IPI. The caller must hold no lock
// another CPU could be spinning on with interrupts masked, or neither would ever get past the other.
using System.Threading;
using Helios.Kernel.Arch;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Cpus
{
    public static unsafe class CrossCall
    {
        private static SpinLock s_lock;
        private static delegate*<ulong, ulong, void> s_function;
        private static ulong s_first;
        private static ulong s_second;
        private static int s_pending;

        /// <summary>Runs function(first, second) on every other online CPU and returns when all have.</summary>
        public static void RunOnOthers(delegate*<ulong, ulong, void> function, ulong first, ulong second)
        {
            if (Cpu.Count < 2) return;
            s_lock.Acquire();
            Cpu self = Cpu.Current;
            s_function = function;
            s_first = first;
            s_second = second;
            int targets = 0;
            foreach (Cpu cpu in Cpu.All)
                if (cpu != self && cpu.Online) targets++;
            Volatile.Write(ref s_pending, targets);
            foreach (Cpu cpu in Cpu.All)
            {
                if (cpu == self || !cpu.Online) continue;
                Volatile.Write(ref cpu.CrossCallPending, true);
                Platform.Current.SendWakeup(cpu);
            }
            while (Volatile.Read(ref s_pending) > 0) Processor.Relax();
            s_lock.Release();
        }

        /// <summary>From the wake-up interrupt: stop for a collection if asked, run the request meant for this CPU, if there is one.</summary>
        internal static void Handle()
        {
            Cpu cpu = Cpu.Current;
            WorldStop.StopIfAsked(cpu);
            if (!Volatile.Read(ref cpu.CrossCallPending)) return;
            Volatile.Write(ref cpu.CrossCallPending, false);
            s_function(s_first, s_second);
            Interlocked.Decrement(ref s_pending);
        }
    }
}
