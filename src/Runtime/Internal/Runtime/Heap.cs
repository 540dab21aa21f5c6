// The object heap: a non-moving mark-sweep heap over regions the host (kernel or process) hands over. Allocation
// bumps a pointer through the current free chunk; when the chunk is used up, the next comes from size-segregated
// free lists (Collector/FreeLists.cs), which sweeping refills. Large objects get a region each, which goes back to the
// host as soon as the object dies. A collection runs when the free lists cannot satisfy an allocation and either
// enough has been allocated since the last one (as much as survived it, and at least MinimumBudget) or the heap
// would otherwise grow past the host's limit. Every CPU allocates under one lock, in the host's critical section.
using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Internal.Runtime.Collector;

namespace Internal.Runtime
{
    public static unsafe partial class Heap
    {
        // The least the heap asks the host for at a time.
        private const nuint GrowStep = 1 << 20;

        // The most it asks for at a time (unless an object needs more): RegionTable.Capacity of these is the heap's
        // largest size, beside large objects.
        private const nuint MaximumGrowStep = 8 << 20;

        // Objects this big get a region of their own.
        private const nuint LargeObjectSize = 128 << 10;

        // Bytes allocated between two collections, at least: below this, collecting often costs more than it saves.
        private const nuint MinimumBudget = 8 << 20;

        // Held back from the first region for the out-of-memory path, so the host's fail-fast (which may allocate
        // to report) still has memory when the heap has none.
        private const nuint ReserveSize = 64 << 10;

        // The bump area: [s_current, s_limit) in the region whose start bits are s_allocBits, relative to s_base.
        private static byte* s_current;
        private static byte* s_limit;
        private static byte* s_base;
        private static ulong* s_allocBits;

        private static HeapRegion s_reserve;
        private static int s_exhaustions;

        private static ulong s_capacity;            // bytes of the regions
        private static ulong s_area;                // bytes objects can use in them
        private static ulong s_allocated;
        private static ulong s_objects;
        private static ulong s_allocatedAtCollection;
        private static ulong s_budget;               // 0 until the first collection: MinimumBudget
        private static ulong s_collections;
        private static ulong s_liveAfterCollection;
        private static ulong s_released;

        // The big tables last: the fields above stay at small offsets, which arm64 loads in one instruction.
        private static RegionTable s_regions;
        private static FreeLists s_free;

        // The statistics are read volatile: the JIT assumes allocation helpers touch no managed state, so it would
        // otherwise reuse a value read before an allocation.

        /// <summary>Bytes of memory the heap holds (its regions, bookkeeping included; not the out-of-memory reserve).</summary>
        public static ulong CapacityBytes => Volatile.Read(ref s_capacity);

        /// <summary>Bytes given out to objects so far, over the heap's life.</summary>
        public static ulong AllocatedBytes => Volatile.Read(ref s_allocated);

        /// <summary>Objects allocated so far, over the heap's life.</summary>
        public static ulong ObjectCount => Volatile.Read(ref s_objects);

        /// <summary>Bytes the heap can give out without collecting or asking the host: its free chunks.</summary>
        public static ulong FreeBytes
        {
            get
            {
                nuint state = Lock();
                ulong free = FreeBytesLocked;
                Unlock(state);
                return free;
            }
        }

        private static ulong FreeBytesLocked => s_free.Bytes + (ulong)(s_limit - s_current);

        /// <summary>Bytes in objects (live, or dead and not collected yet) and in gaps too small to use.</summary>
        public static ulong UsedBytes
        {
            get
            {
                nuint state = Lock();
                ulong used = s_area - FreeBytesLocked;
                Unlock(state);
                return used;
            }
        }

        /// <summary>Collections so far.</summary>
        public static ulong Collections => Volatile.Read(ref s_collections);

        /// <summary>Bytes in the objects that survived the last collection.</summary>
        public static ulong LiveBytesAfterLastCollection => Volatile.Read(ref s_liveAfterCollection);

        /// <summary>Bytes given back to the host so far.</summary>
        public static ulong ReleasedBytes => Volatile.Read(ref s_released);

        /// <summary>Gives the heap [start, start+size), memory the host will not take back (the image's early heap).</summary>
        public static void AddRegion(void* start, nuint size)
        {
            nuint state = Lock();
            if (s_reserve.Start == null && size >= 4 * ReserveSize)
            {
                size -= ReserveSize;
                s_reserve.Initialize((byte*)start + size, ReserveSize, 0);
            }
            AddRegionLocked((byte*)start, size, 0);
            Unlock(state);
        }

        private static HeapRegion* AddRegionLocked(byte* start, nuint size, int flags)
        {
            HeapRegion region = default;
            if (!region.Initialize(start, size, flags)) return null;
            if (!s_regions.Add(region)) RuntimeHost.FailFast("Heap: too many regions");
            s_capacity += (ulong)(region.End - region.Start);
            s_area += region.AreaBytes;
            if ((flags & HeapRegion.Large) == 0) s_free.Add(region.Base, region.AreaBytes);
            return s_regions.Find(region.Base);
        }

        /// <summary>Whether an address lies inside memory the heap owns.</summary>
        public static bool Contains(void* address)
        {
            nuint state = Lock();
            bool found = s_regions.Find((byte*)address) != null;
            Unlock(state);
            return found;
        }

        /// <summary>Collects now (GC.Collect).</summary>
        public static void Collect()
        {
            nuint state = Lock();
            Collect(out _);
            Unlock(state);
        }

        // Every CPU allocates from the one heap: a spin lock, held in the host's critical section so that nothing can
        // stop the holder (no preemption, no collection's suspension). While waiting, the critical section is left,
        // so that a collecting CPU can stop this one.
        private static int s_lock;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static nuint Lock()
        {
            nuint state = RuntimeHost.EnterCritical();
            if (Interlocked.CompareExchange(ref s_lock, 1, 0) != 0) WaitForLock(ref state);
            return state;
        }

        // While the lock is busy, outside the critical section; but the caller may have been in one already (kernel
        // code that allocates with interrupts masked), where the host cannot stop it for a collection: so it offers
        // to stop itself, its callee-saved registers spilled to its stack for the collector to see.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void WaitForLock(ref nuint state)
        {
            nuint* registers = stackalloc nuint[Marker.CapturedRegisters];
            do
            {
                RuntimeHost.LeaveCritical(state);
                while (Volatile.Read(ref s_lock) != 0)
                {
                    if (Volatile.Read(ref s_collecting))
                    {
                        Marker.CaptureRegisters(registers);
                        CollectorHost.StopHere();
                    }
                }
                state = RuntimeHost.EnterCritical();
            }
            while (Interlocked.CompareExchange(ref s_lock, 1, 0) != 0);
        }

        // A collection is marking: threads waiting for the lock offer to stop (WaitForLock).
        private static bool s_collecting;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Unlock(nuint state)
        {
            Volatile.Write(ref s_lock, 0);
            RuntimeHost.LeaveCritical(state);
        }

        /// <summary>
        /// A zeroed object of size bytes (rounded as ObjectLayout.HeapSize) with its MethodTable and, for arrays and
        /// strings, its length set: a collection never sees an object half made.
        /// </summary>
        internal static void* Allocate(MethodTable* mt, nuint size, int length)
        {
            nuint state = Lock();
            byte* result = s_current;
            if ((nuint)(s_limit - result) < size)
            {
                if (!Refill(size))
                {
                    UseReserve();
                    Unlock(state);
                    Exhausted(size);
                }
                result = s_current;
            }
            s_current = result + size;
            nuint slot = (nuint)(result - s_base) >> 3;
            s_allocBits[slot >> 6] |= 1UL << (int)(slot & 63);
            s_allocated += size;
            s_objects++;
            Volatile.Write(ref s_lock, 0);
            // Still in the critical section: the object is cleared and typed before a collection can stop this CPU.
            SpanHelpers.ClearBytes(result - ObjectLayout.HeaderSize, size);
            *(MethodTable**)result = mt;
            if (mt->HasComponentSize) *(int*)(result + 8) = length;
            RuntimeHost.LeaveCritical(state);
            return result;
        }

        // The bump area cannot hold size bytes: find an area that can (a free chunk, a large object's own region), by
        // collecting or growing if need be. False when nothing works.
        private static bool Refill(nuint size)
        {
            Retire();
            bool collected = false;
            if (BudgetUsed && size >= LargeObjectSize) collected = Collect(out _);
            if (size >= LargeObjectSize && LargeRegion(size)) return true;
            if (TakeChunk(size)) return true;
            if (!collected && BudgetUsed)
            {
                collected = Collect(out _);
                if (collected && TakeChunk(size)) return true;
            }
            if (size >= LargeObjectSize ? LargeRegion(size) : Grow(size) && TakeChunk(size)) return true;
            if (!collected && Collect(out _))
                return size >= LargeObjectSize ? LargeRegion(size) || TakeChunk(size) : TakeChunk(size);
            return false;
        }

        // Static initialisers would give the heap a class constructor, which runs under the allocator's lock.
        private static bool BudgetUsed => s_allocated - s_allocatedAtCollection >= (s_budget == 0 ? MinimumBudget : s_budget);

        // What is left of the bump area goes back to the free lists.
        private static void Retire()
        {
            if (s_current != null) s_free.Add(s_current, (nuint)(s_limit - s_current));
            s_current = s_limit = null;
        }

        private static void UseArea(byte* start, nuint size)
        {
            HeapRegion* region = s_regions.Find(start);
            s_base = region->Base;
            s_allocBits = region->AllocBits;
            s_current = start;
            s_limit = start + size;
        }

        private static bool TakeChunk(nuint size)
        {
            byte* chunk = s_free.Take(size, out nuint chunkSize);
            if (chunk == null) return false;
            UseArea(chunk, chunkSize);
            return true;
        }

        // Room the host's limit leaves for bytes more (no limit: as much as the host gives).
        private static bool WithinLimit(nuint bytes)
        {
            ulong limit = CollectorHost.HeapLimit();
            return limit == 0 || s_capacity + bytes <= limit;
        }

        private static bool LargeRegion(nuint size)
        {
            nuint wanted = HeapRegion.SizeFor(size);
            if (!WithinLimit(wanted)) return false;
            nuint granted;
            byte* memory = (byte*)RuntimeHost.GrowHeap(wanted, &granted);
            if (memory == null || granted == 0) return false;
            HeapRegion* region = AddRegionLocked(memory, granted, HeapRegion.HostOwned | HeapRegion.Large);
            if (region == null) RuntimeHost.FailFast("Heap: the host gave a region too small for the object asked");
            if (region->AreaBytes < size)
            {
                Release(IndexOf(region));
                return false;
            }
            UseArea(region->Base, size);
            return true;
        }

        // Ask the host for a region the wanted object fits in: a quarter of the heap so far, so that big heaps need few
        // regions, but between a step and MaximumGrowStep, as one survivor keeps its whole region from the host. Within
        // the limit.
        private static bool Grow(nuint wanted)
        {
            nuint minimum = HeapRegion.SizeFor(wanted);
            nuint size = (nuint)(s_capacity / 4);
            if (size > MaximumGrowStep) size = MaximumGrowStep;
            if (size < GrowStep) size = GrowStep;
            if (size < minimum) size = minimum;
            ulong limit = CollectorHost.HeapLimit();
            if (limit != 0 && s_capacity + size > limit)
            {
                if (s_capacity + minimum > limit) return false;
                size = (nuint)(limit - s_capacity);
            }
            nuint granted;
            byte* memory = (byte*)RuntimeHost.GrowHeap(size, &granted);
            if (memory == null || granted == 0) return false;
            if (AddRegionLocked(memory, granted, HeapRegion.HostOwned) == null)
                RuntimeHost.FailFast("Heap: the host gave a region too small for the object asked");
            return true;
        }
    }
}
