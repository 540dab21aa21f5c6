// The mark phase: with the image's other threads stopped, everything reachable from the roots gets its mark bit.
// Roots are the image's GC statics and frozen objects (exact), and every word of every thread's stack and of the
// collecting thread's callee-saved registers (conservative: a word that points anywhere into an object's memory keeps
// it). Inside the heap, marking is precise: an object's references are where its GCDesc says.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.Collector
{
    internal static unsafe class Marker
    {
        internal const int CapturedRegisters = 12;

        private static MarkStack s_stack;
        private static RegionTable* s_regions;

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_gc_capture_registers")]
        internal static extern void CaptureRegisters(nuint* buffer);

        /// <summary>Marks what is reachable. False (nothing marked) when the host cannot stop its threads now.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool MarkAll(RegionTable* regions)
        {
            if (!CollectorHost.SuspendOthers()) return false;
            s_regions = regions;
            s_last = null;
            nuint* registers = stackalloc nuint[CapturedRegisters];
            CaptureRegisters(registers);
            ScanConservatively(registers, registers + CapturedRegisters);
            MarkStatics();
            ScanFrozenObjects();
            nuint cursor = 0, low, high;
            while (CollectorHost.NextStack(&cursor, &low, &high))
                ScanConservatively((nuint*)((low + 7) & ~(nuint)7), (nuint*)(high & ~(nuint)7));
            Drain();
            while (s_stack.Overflowed)
            {
                s_stack.Overflowed = false;
                RescanMarked();
                Drain();
            }
            CollectorHost.ResumeOthers();
            return true;
        }

        // ilc's GC static bases: each entry of each module's GC static region points at a slot holding the object
        // that keeps a type's reference statics.
        private static void MarkStatics()
        {
            ref readonly ImageLayout layout = ref Startup.Layout;
            for (nint* module = layout.ModulesStart; module < layout.ModulesEnd; module++)
            {
                if (*module == 0 || !Startup.FindGCStaticRegion((void*)*module, out int* start, out int* end)) continue;
                for (int* entry = start; entry < end; entry++)
                {
                    nint value = *(nint*)((byte*)entry + *entry);
                    if ((value & 3) == 0 && value != 0) MarkExact((byte*)value);
                }
            }
        }

        // ilc's frozen objects live in the image, not the heap, but they can be written to: a preinitialised object
        // may come to hold a heap reference. They are walked one after another (each after its header word) and
        // scanned like heap objects; only the few with pointers cost more than a flag test.
        private static void ScanFrozenObjects()
        {
            ref readonly ImageLayout layout = ref Startup.Layout;
            for (nint* module = layout.ModulesStart; module < layout.ModulesEnd; module++)
            {
                if (*module == 0 || !Startup.FindFrozenObjectRegion((void*)*module, out byte* start, out byte* end)) continue;
                for (byte* obj = start + ObjectLayout.HeaderSize; obj < end; obj += ObjectLayout.HeapSize(obj))
                {
                    if (ObjectLayout.MethodTableOf(obj) == null) break;
                    if (ObjectLayout.ContainsPointers(ObjectLayout.MethodTableOf(obj))) ScanObject(obj);
                }
            }
        }

        private static void ScanConservatively(nuint* from, nuint* to)
        {
            RegionTable* regions = s_regions;
            for (nuint* word = from; word < to; word++)
            {
                byte* obj = regions->FindObject((byte*)*word);
                if (obj != null) MarkFound(obj);
            }
        }

        // References mostly point into the region of the last one: try it before searching.
        private static HeapRegion* s_last;

        private static void MarkExact(byte* reference)
        {
            HeapRegion* region = s_last;
            if (region == null || reference < region->Start || reference >= region->AreaEnd)
            {
                region = s_regions->Find(reference);
                if (region == null) return;
                s_last = region;
            }
            if (!region->InArea(reference) || !region->IsAllocated(reference)) return;    // not an object of ours
            if (region->TryMark(reference) && ObjectLayout.ContainsPointers(ObjectLayout.MethodTableOf(reference)))
                s_stack.Push(reference);
        }

        private static void MarkFound(byte* obj)
        {
            HeapRegion* region = s_regions->Find(obj);
            if (region->TryMark(obj) && ObjectLayout.ContainsPointers(ObjectLayout.MethodTableOf(obj)))
                s_stack.Push(obj);
        }

        // Objects scanned between two calls of CollectorHost.Progress: a few microseconds of work, so a long mark
        // still shows the host it is alive, and the call costs nothing worth counting.
        private const int ScansPerProgress = 4096;

        private static void Drain()
        {
            int scans = 0;
            while (!s_stack.IsEmpty)
            {
                ScanObject(s_stack.Pop());
                if (++scans < ScansPerProgress) continue;
                scans = 0;
                CollectorHost.Progress();
            }
        }

        private static void ScanObject(byte* obj)
        {
            var series = new PointerSeries(obj);
            while (series.Next(out nint* slot, out nuint count))
            {
                for (nint* end = slot + count; slot < end; slot++)
                    if (*slot != 0) MarkExact((byte*)*slot);
            }
        }

        // After the mark stack overflowed: scan every marked object with pointers again (what was dropped is among
        // them); references already marked cost a bit test.
        private static void RescanMarked()
        {
            for (int i = 0; i < s_regions->Count; i++)
            {
                HeapRegion* region = (*s_regions)[i];
                CollectorHost.Progress();
                for (nuint word = 0; word < region->BitmapWords; word++)
                {
                    ulong bits = region->MarkBits[word];
                    while (bits != 0)
                    {
                        int bit = System.Numerics.BitOperations.TrailingZeroCount(bits);
                        bits &= bits - 1;
                        byte* obj = region->Base + ((word * 64 + (nuint)bit) << 3);
                        if (ObjectLayout.ContainsPointers(ObjectLayout.MethodTableOf(obj))) ScanObject(obj);
                    }
                }
            }
        }
    }
}
