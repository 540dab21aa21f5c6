// The object heap: a bump allocator over memory regions the host (kernel or process) hands over. Nothing is freed
// yet; a collector replaces this when processes need one. Every CPU allocates under one lock; per-CPU allocation
// buffers are the next step if allocation ever shows in a profile.
using System;
using System.Threading;

namespace Internal.Runtime
{
    public static unsafe class Heap
    {
        private const int MaxRegions = 32;
        private const nuint Alignment = 8;

        // An object's ObjHeader is the word before it (ilc's layout), so each region starts with one unused word:
        // the first object's header must lie inside the region too.
        private const nuint RegionHeader = 8;

        // The least the heap asks the host for at a time.
        private const nuint GrowStep = 1 << 20;

        // Held back from the first region for the out-of-memory path, so the host's fail-fast (which may allocate
        // to report) still has memory when the heap has none.
        private const nuint ReserveSize = 64 << 10;

        private static byte* s_current;
        private static byte* s_limit;
        private static int s_regionCount;
        private static int s_nextRegion;
        private static ulong s_capacity;
        private static ulong s_allocated;
        private static ulong s_abandoned;
        private static ulong s_objects;
        private static byte* s_reserveStart;
        private static byte* s_reserveEnd;
        private static int s_exhaustions;

        // Region table in non-GC statics (fixed size: the heap cannot allocate its own bookkeeping). Non-GC
        // statics never move, so handing out pointers into them is safe.
        private struct RegionTable
        {
            public fixed ulong Start[MaxRegions];
            public fixed ulong End[MaxRegions];
        }

        private static RegionTable s_regions;

        private static ulong* s_regionStart
        {
            get { fixed (ulong* p = s_regions.Start) return p; }
        }

        private static ulong* s_regionEnd
        {
            get { fixed (ulong* p = s_regions.End) return p; }
        }

        // The statistics are read volatile: the JIT assumes allocation helpers touch no managed state, so it would
        // otherwise reuse a value read before an allocation.

        /// <summary>Bytes handed to the heap so far (less the out-of-memory reserve).</summary>
        public static ulong CapacityBytes => Volatile.Read(ref s_capacity);

        /// <summary>Bytes given out to objects so far.</summary>
        public static ulong AllocatedBytes => Volatile.Read(ref s_allocated);

        /// <summary>Objects allocated so far.</summary>
        public static ulong ObjectCount => Volatile.Read(ref s_objects);

        /// <summary>
        /// Bytes the heap can still give out without asking the host: the rest of the current region and the regions
        /// not used yet. (What a region had left when an object did not fit is abandoned.)
        /// </summary>
        public static ulong FreeBytes => Volatile.Read(ref s_capacity) - Volatile.Read(ref s_allocated) - Volatile.Read(ref s_abandoned);

        /// <summary>Gives the heap [start, start+size). Regions are used in the order they are added.</summary>
        public static void AddRegion(void* start, nuint size)
        {
            if (s_regionCount == MaxRegions) RuntimeHost.FailFast("Heap: too many regions");
            byte* begin = (byte*)(((nuint)start + Alignment - 1) & ~(Alignment - 1));
            byte* end = (byte*)(((nuint)start + size) & ~(Alignment - 1));
            if (end <= begin + RegionHeader) return;
            if (s_reserveStart == null && (nuint)(end - begin) >= 4 * ReserveSize)
            {
                end -= ReserveSize;
                s_reserveStart = end;
                s_reserveEnd = end + ReserveSize;
            }
            s_regionStart[s_regionCount] = (ulong)begin;
            s_regionEnd[s_regionCount] = (ulong)end;
            s_regionCount++;
            s_capacity += (nuint)(end - begin) - RegionHeader;
            if (s_current == null) NextRegion();
        }

        /// <summary>Whether an address lies inside memory the heap owns.</summary>
        public static bool Contains(void* address)
        {
            for (int i = 0; i < s_regionCount; i++)
                if ((ulong)address >= s_regionStart[i] && (ulong)address < s_regionEnd[i]) return true;
            return false;
        }

        // Every CPU allocates from the one heap: a spin lock, held with interrupts masked so that no preemption can
        // leave it held while the thread waits in a run queue.
        private static int s_lock;

        internal static void* AllocateObject(nuint size)
        {
            size = (size + Alignment - 1) & ~(Alignment - 1);
            nuint state = RuntimeHost.EnterCritical();
            while (Interlocked.CompareExchange(ref s_lock, 1, 0) != 0) { }
            while ((nuint)(s_limit - s_current) < size)
            {
                if (!NextRegion(size))
                {
                    Volatile.Write(ref s_lock, 0);
                    RuntimeHost.LeaveCritical(state);
                    Exhausted(size);
                }
            }
            byte* result = s_current;
            s_current += size;
            s_allocated += size;
            s_objects++;
            Volatile.Write(ref s_lock, 0);
            RuntimeHost.LeaveCritical(state);
            SpanHelpers.ClearBytes(result, size);
            return result;
        }

        private static bool NextRegion(nuint wanted = 0)
        {
            if (s_nextRegion == s_regionCount && !Grow(wanted)) return false;
            s_abandoned += (ulong)(s_limit - s_current);
            s_current = (byte*)s_regionStart[s_nextRegion] + RegionHeader;
            s_limit = (byte*)s_regionEnd[s_nextRegion];
            s_nextRegion++;
            return true;
        }

        // Ask the host for a region the wanted object fits in (and at least a step, so small objects do not each
        // cost a call), before giving up.
        private static bool Grow(nuint wanted)
        {
            nuint minimum = wanted + RegionHeader + Alignment;
            if (minimum < GrowStep) minimum = GrowStep;
            nuint size;
            void* region = RuntimeHost.GrowHeap(minimum, &size);
            if (region == null || size == 0) return false;
            AddRegion(region, size);
            return s_nextRegion < s_regionCount;
        }

        // Nothing here may allocate: the heap has nothing left. The message is built on the stack; the reserve
        // becomes the current region so that the host can still allocate while it reports.
        private static void Exhausted(nuint size)
        {
            s_exhaustions++;
            if (s_exhaustions > 1)
            {
                // The reserve ran out too, while failing: the host's report allocates more than it should.
                RuntimeHost.FailFast("Out of memory while failing fast".AsSpan());
                while (true) { }
            }
            if (s_reserveStart != null)
            {
                s_abandoned += (ulong)(s_limit - s_current);
                s_current = s_reserveStart + RegionHeader;
                s_limit = s_reserveEnd;
                s_capacity += (nuint)(s_reserveEnd - s_current);
            }
            Span<char> message = stackalloc char[96];
            ReadOnlySpan<char> before = "Out of memory: the heap cannot satisfy an allocation of ";
            ReadOnlySpan<char> after = " bytes";
            before.CopyTo(message);
            ((ulong)size).TryFormat(message.Slice(before.Length), out int digits);
            after.CopyTo(message.Slice(before.Length + digits));
            RuntimeHost.FailFast(message.Slice(0, before.Length + digits + after.Length));
        }
    }
}
