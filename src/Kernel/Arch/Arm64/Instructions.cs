// arm64 instructions C# cannot express, implemented in Instructions.S.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Arch.Arm64
{
    internal static unsafe class Instructions
    {
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_semihost")]
        internal static extern ulong Semihost(ulong operation, void* parameters);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_set_trap_handler")]
        internal static extern void SetTrapHandler(delegate* unmanaged<Arm64TrapFrame*, ulong, void> handler);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_halt_forever")]
        internal static extern void HaltForever();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_read_cntvct")]
        internal static extern ulong ReadVirtualCounter();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_read_sctlr")]
        internal static extern ulong ReadSystemControl();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_undefined_instruction")]
        internal static extern void UndefinedInstruction();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_system_off")]
        internal static extern void SystemOff();

        // Switches TTBR0_EL1 to a new table (same TCR: 48-bit, 4 KiB granule) and flushes the TLB.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_set_ttbr0")]
        internal static extern void SetTranslationTable(ulong root);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_tlb_flush_all")]
        internal static extern void FlushTlb();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_tlb_flush_page")]
        internal static extern void FlushTlbPage(ulong address);

        // Where new threads start (Context.S).
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_thread_trampoline_address")]
        internal static extern ulong ThreadTrampoline();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_read_cntfrq")]
        internal static extern ulong ReadCounterFrequency();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_write_cntv_cval")]
        internal static extern void WriteTimerCompare(ulong value);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_write_cntv_ctl")]
        internal static extern void WriteTimerControl(ulong value);

        // MPIDR_EL1's affinity fields (Aff3..Aff0), as the device tree's cpu nodes name CPUs.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_read_mpidr")]
        internal static extern ulong ReadAffinity();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_read_cntv_cval")]
        internal static extern ulong ReadTimerCompare();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_psci_hvc")]
        internal static extern ulong PsciHvc(ulong function, ulong a1, ulong a2, ulong a3);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_psci_smc")]
        internal static extern ulong PsciSmc(ulong function, ulong a1, ulong a2, ulong a3);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_clean_dcache")]
        internal static extern void CleanDataCache(void* address, ulong size);

        // Where PSCI CPU_ON sends secondary CPUs (Boot.S).
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_secondary_entry_address")]
        internal static extern ulong SecondaryEntry();
    }
}
