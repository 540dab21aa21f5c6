// arm64 instructions C# cannot express, implemented in Cpu.S.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Arch.Arm64
{
    internal static unsafe class Cpu
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

        // Clears the first count entries of the boot page table for the lowest 2 MiB (Boot.S) and flushes the TLB.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_arm64_unmap_low_pages")]
        internal static extern void UnmapLowPages(int count);
    }
}
