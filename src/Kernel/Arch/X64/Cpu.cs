// x86_64 instructions C# cannot express, implemented in Cpu.S.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Arch.X64
{
    internal static unsafe class Cpu
    {
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_outb")]
        internal static extern void OutByte(ushort port, byte value);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_inb")]
        internal static extern byte InByte(ushort port);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_outl")]
        internal static extern void OutUInt32(ushort port, uint value);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_inl")]
        internal static extern uint InUInt32(ushort port);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_halt_forever")]
        internal static extern void HaltForever();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_read_cr0")]
        internal static extern ulong ReadCr0();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_lidt")]
        internal static extern void LoadIdt(void* descriptor);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_rdtsc")]
        internal static extern ulong ReadTimestampCounter();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_triple_fault")]
        internal static extern void TripleFault();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_ud2")]
        internal static extern void UndefinedInstruction();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_set_trap_handler")]
        internal static extern void SetTrapHandler(delegate* unmanaged<X64TrapFrame*, void> handler);

        // The 256 trap entry stubs' addresses (Traps.S), for the IDT.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_trap_stub_table")]
        internal static extern ulong* TrapStubTable();

        // Clears the first count entries of the boot page table for the lowest 2 MiB (Boot.S) and flushes the TLB.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_unmap_low_pages")]
        internal static extern void UnmapLowPages(int count);
    }
}
