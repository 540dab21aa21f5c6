// x86_64 instructions C# cannot express, implemented in Instructions.S.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Kernel.Arch.X64
{
    internal static unsafe class Instructions
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

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_read_cr3")]
        internal static extern ulong ReadCr3();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_write_cr3")]
        internal static extern void WriteCr3(ulong value);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_invlpg")]
        internal static extern void InvalidatePage(ulong address);

        // Where new threads start (Context.S).
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_thread_trampoline_address")]
        internal static extern ulong ThreadTrampoline();

        // CPUID leaf 1, EBX[31:24]: the running CPU's initial APIC id.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_initial_apic_id")]
        internal static extern uint InitialApicId();

        // lgdt, then reload CS (far return), DS, ES, SS with the kernel's selectors and load the task register.
        // GS is left alone: its base is the per-CPU block.
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_load_gdt")]
        internal static extern void LoadGdt(void* descriptor, ushort taskSelector);
    }
}
