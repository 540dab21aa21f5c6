// Once the memory map is known: checks that the image and the linker script's early heap (which carried the kernel
// until then) lie in usable, mapped RAM, and lets the heap grow into the usable RAM above them (HeapGrowth). The memory
// manager (issue 4) replaces this with a frame allocator.
using Helios.Kernel.Boot;
using Internal.Runtime;

namespace Helios.Kernel
{
    internal static unsafe class HeapSetup
    {
        internal static void AddBootMemory(BootInfo boot, ImageLayout* layout)
        {
            (ulong start, ulong end) = BootMemoryLayout.HeapGrowthRange(boot.Memory, (ulong)layout->ImageStart,
                (ulong)layout->HeapEnd, IdentityMap.End);
            HeapGrowth.Initialize(start, end);
        }
    }
}
