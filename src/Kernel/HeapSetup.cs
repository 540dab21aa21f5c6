// Once the memory map is known: lets the heap grow into the usable RAM above the linker script's early heap (which
// carried the kernel until then), as it asks (HeapGrowth). The memory manager (issue 4) replaces this with a frame
// allocator.
using Helios.Kernel.Boot;
using Internal.Runtime;

namespace Helios.Kernel
{
    internal static unsafe class HeapSetup
    {
        internal static void AddBootMemory(BootInfo boot, ImageLayout* layout)
        {
            ulong start = (ulong)layout->HeapEnd;
            foreach (MemoryRegion region in boot.Memory)
            {
                if (region.Kind != MemoryKind.Usable || region.End <= start || region.Start > start) continue;
                HeapGrowth.Initialize(start, region.End);
                return;
            }
        }
    }
}
