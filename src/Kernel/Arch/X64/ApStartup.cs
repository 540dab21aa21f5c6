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
        private const ulong Parameters = TrampolinePage + 0xFE0;
        private const long Millisecond = 1_000_000;

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_x64_ap_trampoline_bounds")]
        private static extern byte* TrampolineBounds(byte** end);

        public static bool Start(Cpu cpu, ulong stackTop)
        {
            byte* end;
            byte* start = TrampolineBounds(&end);
            if (end - start > 0xFE0) return false;
            System.Buffer.MemoryCopy(start, (void*)TrampolinePage, 0xFE0, end - start);
            ulong* parameters = (ulong*)Parameters;
            parameters[0] = AddressSpace.Root;
            parameters[1] = stackTop;
            parameters[2] = (ulong)cpu.Index;
            Volatile.Write(ref parameters[3], 0UL);

            uint apicId = (uint)cpu.HardwareId;
            LocalApic.SendInit(apicId);
            Thread.Sleep(10 * Millisecond);
            for (int attempt = 0; attempt < 2 && Volatile.Read(ref parameters[3]) == 0; attempt++)
            {
                LocalApic.SendStartup(apicId, (uint)(TrampolinePage >> 12));
                Thread.Sleep(Millisecond);
            }
            return true;
        }
    }
}
