// The current processor's interrupt mask, its wait for an interrupt, its counter, and its spin-wait hint. Every ISA's Instructions.S implements the same symbols, so portable code
// calls them without knowing which ISA it runs on.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Arch
{
    public static class Processor
    {
        /// <summary>Masks interrupts; returns the previous state for Restore.</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupts_disable")]
        public static extern nuint DisableInterrupts();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupts_restore")]
        public static extern void RestoreInterrupts(nuint state);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupts_enable")]
        public static extern void EnableInterrupts();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupts_enabled")]
        public static extern bool InterruptsEnabled();

        /// <summary>Called with interrupts masked: sleeps until an interrupt arrives, lets it run, masks again.</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_cpu_idle")]
        public static extern void WaitForInterrupt();

        /// <summary>The CPU's free-running counter (TSC, CNTVCT): what Clock and the scheduler's accounting count in.</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_read_counter")]
        public static extern ulong ReadCounter();

        /// <summary>A spin-wait hint (pause, yield).</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_cpu_relax")]
        public static extern void Relax();
    }
}
