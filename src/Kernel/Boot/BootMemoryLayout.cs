// Where the kernel may put its heap, given the memory map: the image and its early heap must lie in one run of
// usable RAM below the end of the identity map (the early heap is in use before the map is read, so a machine
// without that RAM must stop here, not run on memory that is not there); the heap may grow into the rest of that run.
using System.Collections.Generic;

namespace Helios.Kernel.Boot
{
    public static class BootMemoryLayout
    {
        /// <summary>
        /// The usable RAM above earlyHeapEnd that the heap may grow into, as [Start, End). Throws BootInfoException
        /// when [imageStart, earlyHeapEnd) is not inside usable RAM below mappedEnd.
        /// </summary>
        public static (ulong Start, ulong End) HeapGrowthRange(List<MemoryRegion> memory, ulong imageStart, ulong earlyHeapEnd, ulong mappedEnd)
        {
            if (earlyHeapEnd <= imageStart)
                throw new BootInfoException("boot memory: the early heap ends at 0x" + earlyHeapEnd.ToString("x")
                                            + ", before the image starts at 0x" + imageStart.ToString("x"));
            // The run of adjacent usable regions that holds the image's first byte (the map is sorted).
            ulong runStart = 0, runEnd = 0;
            bool found = false;
            foreach (MemoryRegion region in memory)
            {
                if (region.Kind != MemoryKind.Usable || region.Length == 0) continue;
                if (found && region.Start == runEnd)
                {
                    runEnd = region.End;
                    continue;
                }
                if (found) break;
                if (imageStart >= region.Start && imageStart < region.End)
                {
                    runStart = region.Start;
                    runEnd = region.End;
                    found = true;
                }
            }
            ulong end = runEnd < mappedEnd ? runEnd : mappedEnd;
            if (!found || earlyHeapEnd > end)
                throw new BootInfoException("boot memory: the kernel image and its early heap [0x" + imageStart.ToString("x") + ", 0x"
                                            + earlyHeapEnd.ToString("x") + ") are not inside usable, mapped RAM"
                                            + (found ? " (usable RAM there ends at 0x" + end.ToString("x") + ")" : "")
                                            + ": give the machine more memory");
            return (earlyHeapEnd, end);
        }
    }
}
