// The RAM the kernel heap grows into until the memory manager (issue 4) owns physical memory: usable RAM above the
// early heap, handed to the heap when it asks (helios_host_grow_heap). Each grant is at least what the heap asked
// for, and at least a quarter of the heap so far, so that a large machine needs few heap regions.
using System;
using System.Threading;
using Internal.Runtime;

namespace Helios.Kernel
{
    public static class HeapGrowth
    {
        private const ulong Granule = 64 << 10;
        private const ulong SmallestGrant = 4 << 20;

        private static ulong s_next;
        private static ulong s_end;

        /// <summary>Bytes not yet handed to the heap.</summary>
        // Read volatile: the JIT assumes allocations touch no managed state, so it would reuse a value read before one.
        public static ulong RemainingBytes => Volatile.Read(ref s_end) - Volatile.Read(ref s_next);

        internal static void Initialize(ulong start, ulong end)
        {
            s_next = (start + Granule - 1) & ~(Granule - 1);
            s_end = end & ~(Granule - 1);
            if (s_end < s_next) s_end = s_next;
        }

        /// <summary>The start of a region of at least minimum bytes (its size in granted), or 0 when there is none.</summary>
        internal static ulong Take(ulong minimum, out ulong granted)
        {
            granted = 0;
            ulong remaining = RemainingBytes;
            if (minimum == 0 || minimum > remaining) return 0;
            ulong size = Math.Max(minimum, Math.Max(SmallestGrant, Heap.CapacityBytes / 4));
            size = (size + Granule - 1) & ~(Granule - 1);
            if (size > remaining) size = remaining;
            ulong start = s_next;
            s_next += size;
            granted = size;
            return start;
        }
    }
}
