// The heap's collection: mark (Collector/Marker.cs), then sweep every region into fresh free lists and give regions
// back to the host. Runs with the heap locked, from an allocation that found no room or from GC.Collect.
using System.Threading;
using Internal.Runtime.Collector;

namespace Internal.Runtime
{
    public static unsafe partial class Heap
    {
        // Mark, then sweep every region into fresh free lists; give back to the host the large regions whose object
        // died and wholly free regions beyond what the next cycle's budget needs.
        private static bool Collect(out ulong live)
        {
            live = 0;
            Retire();
            RegionTable* regions;
            fixed (RegionTable* table = &s_regions) regions = table;
            Volatile.Write(ref s_collecting, true);
            bool stopped = Marker.MarkAll(regions);
            Volatile.Write(ref s_collecting, false);
            if (!stopped) return false;

            ulong free = 0;
            for (int i = 0; i < s_regions.Count; i++)
            {
                HeapRegion* region = s_regions[i];
                ulong marked = region->Marked;
                live += marked;
                free += region->AreaBytes - marked;
            }
            ulong budget = live > MinimumBudget ? live : MinimumBudget;
            s_free.Clear();
            for (int i = s_regions.Count - 1; i >= 0; i--)
            {
                CollectorHost.Progress();
                HeapRegion* region = s_regions[i];
                bool empty = region->Marked == 0;
                if (empty && (region->Flags & HeapRegion.HostOwned) != 0
                    && (region->IsLarge || free - region->AreaBytes >= budget))
                {
                    free -= region->AreaBytes;
                    Release(i);
                    continue;
                }
                if (region->IsLarge)
                {
                    region->Sweep(null);
                    continue;
                }
                FreeLists* lists;
                fixed (FreeLists* l = &s_free) lists = l;
                region->Sweep(lists);
            }
            s_budget = budget;
            s_allocatedAtCollection = s_allocated;
            s_liveAfterCollection = live;
            s_collections++;
            return true;
        }

        private static int IndexOf(HeapRegion* region)
        {
            for (int i = 0; i < s_regions.Count; i++)
                if (s_regions[i] == region) return i;
            return -1;
        }

        private static void Release(int index)
        {
            HeapRegion* region = s_regions[index];
            byte* start = region->Start;
            nuint size = (nuint)(region->End - region->Start);
            s_capacity -= size;
            s_area -= region->AreaBytes;
            s_released += size;
            s_regions.RemoveAt(index);
            // The host gets back exactly what it gave: End was rounded down to 8 from a page-multiple size.
            CollectorHost.ReleaseHeap(start, size);
        }
    }
}
