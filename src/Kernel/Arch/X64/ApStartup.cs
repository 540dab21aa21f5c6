// Starting an application processor (Intel SDM vol. 3, 8.4.4): copy the trampoline (ApTrampoline.S) to its page
// below 1 MiB, leave it the page table, stack and CPU index, then INIT, 10 ms, STARTUP, and a second STARTUP if the
// CPU has not reached long mode 1 ms later. The waits sleep rather than spin: under -icount a spinning CPU would
// starve the one being started.
using System.Runtime;
using System.Runtime.CompilerServices;
using System.Threading;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Arch.X64
{
    internal static unsafe class ApStartup
    {
        private const ulong TrampolinePage = 0x10000;   // in the first MiB, which the frame allocator never hands out
        private const ulong ParametersOffset = 0xFD8;   // ApTrampoline.S: PARAMS
        private const ulong Parameters = TrampolinePage + ParametersOffset;
        private const ulong Transition = 0x11000;       // ApTrampoline.S: TRANSITION, three pages, also in the first MiB
        private const long Millisecond = 1_000_000;

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_ap_trampoline_bounds")]
        private static extern byte* TrampolineBounds(byte** end);

        public static bool Start(Cpu cpu, ulong stackTop) => Start((uint)cpu.HardwareId, AddressSpace.Root, stackTop, (ulong)cpu.Index, 0);

        /// <summary>
        /// Starts the CPU with this APIC id in long mode on pageTables, at entry(argument) on the stack below stackTop
        /// (entry 0: this kernel's helios_ap_entry). A satellite kernel's first CPU starts so, in the satellite's image.
        /// </summary>
        public static bool Start(uint apicId, ulong pageTables, ulong stackTop, ulong argument, ulong entry)
        {
            byte* end;
            byte* start = TrampolineBounds(&end);
            if ((ulong)(end - start) > ParametersOffset) return false;
            System.Buffer.MemoryCopy(start, (void*)TrampolinePage, (long)ParametersOffset, end - start);
            WriteTransitionTables();
            ulong* parameters = (ulong*)Parameters;
            parameters[0] = pageTables;
            parameters[1] = stackTop;
            parameters[2] = argument;
            parameters[4] = entry;
            Volatile.Write(ref parameters[3], 0UL);

            LocalApic.SendInit(apicId);
            Thread.Sleep(10 * Millisecond);
            for (int attempt = 0; attempt < 2 && Volatile.Read(ref parameters[3]) == 0; attempt++)
            {
                LocalApic.SendStartup(apicId, (uint)(TrampolinePage >> 12));
                Thread.Sleep(Millisecond);
            }
            return true;
        }

        // What the trampoline enters long mode on, before it loads the page table it was given: the first 2 MiB, which
        // hold it, identity mapped by one large page.
        private static void WriteTransitionTables()
        {
            const ulong PresentWritable = 0x3, Huge = 0x80, Page = 4096;
            new System.Span<byte>((void*)Transition, 3 * (int)Page).Clear();
            *(ulong*)Transition = (Transition + Page) | PresentWritable;
            *(ulong*)(Transition + Page) = (Transition + 2 * Page) | PresentWritable;
            *(ulong*)(Transition + 2 * Page) = 0 | PresentWritable | Huge;
        }
    }
}
