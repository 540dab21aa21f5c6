// The per-CPU block: a few words each CPU finds through a register (x86_64 GS base, arm64 TPIDR_EL1) without any
// thread-local storage, for the code that runs before, under or beside managed objects (trap entry, the scheduler).
// Assembly reads fields at fixed offsets: keep the layout.
using System.Runtime;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Helios.Kernel.Cpus
{
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct CpuBlock
    {
        public CpuBlock* Self;              //  0: x86_64 reads it through gs:[0]
        public nint Cpu;                    //  8: the Cpu object (its address: the kernel heap never moves objects)
        public ulong StackLimit;            // 16: lowest usable address of the running thread's stack
        public ulong EmergencyStackTop;     // 24: where traps run when the thread's stack is gone (overflow)
        public ulong Scratch0;              // 32: for trap entry
        public ulong Scratch1;              // 40

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_cpu_block")]
        public static extern CpuBlock* Current();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_set_cpu_block")]
        public static extern void SetCurrent(CpuBlock* block);
    }
}
