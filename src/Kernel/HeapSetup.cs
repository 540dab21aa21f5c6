// Gives the kernel heap the free RAM above the image once the memory map is known (the linker script's early heap
// carried the kernel until then). The memory manager (issue 4) replaces this with a frame allocator.
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
                Heap.AddRegion((void*)start, (nuint)(region.End - start));
                return;
            }
        }
    }
}
