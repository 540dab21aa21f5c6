// One region of the heap, as the host gave it: two bitmaps at its start (one bit per 8 bytes: where objects begin,
// and which the current collection has marked), then objects. Addresses here are object addresses: an object at o
// occupies [o - 8, o + size - 8) (its header word first), so the region holds objects in [Base, AreaEnd) with
// Base - 8 just after the bitmaps and AreaEnd - 8 = End. Free space needs no format: it is whatever lies between the
// objects the start bitmap names, which is how sweeping coalesces dead neighbours for nothing.
using System.Numerics;

namespace Internal.Runtime.Collector
{
    internal unsafe struct HeapRegion
    {
        /// <summary>The host may take the region back (the image's early heap is not the host's to take).</summary>
        public const int HostOwned = 1;

        /// <summary>Holds one large object at Base, and nothing else.</summary>
        public const int Large = 2;

        public byte* Start;
        public byte* End;
        public byte* Base;
        public byte* AreaEnd;
        public ulong* AllocBits;
        public ulong* MarkBits;
        public nuint BitmapWords;
        public int Flags;

        /// <summary>Bytes in the objects marked so far in this collection (the marker adds; the sweep clears).</summary>
        public ulong Marked;

        public bool IsLarge => (Flags & Large) != 0;

        /// <summary>Bytes a region needs so that an object of objectSize fits at its start.</summary>
        public static nuint SizeFor(nuint objectSize)
        {
            // The bitmaps cover the whole region, themselves included: grow until the object fits beside them.
            nuint size = objectSize + 64;
            while (true)
            {
                nuint words = (size / 8 + 63) / 64;
                nuint needed = objectSize + 2 * words * 8 + 2 * ObjectLayout.Alignment;
                if (needed <= size) return size;
                size = needed;
            }
        }

        /// <summary>Lays the region out over [start, start + size); false when that is too small for any object.</summary>
        public bool Initialize(byte* start, nuint size, int flags)
        {
            byte* begin = (byte*)(((nuint)start + 7) & ~(nuint)7);
            byte* end = (byte*)(((nuint)start + size) & ~(nuint)7);
            if (end <= begin + 256) return false;
            nuint slots = (nuint)(end - begin) / 8;
            nuint words = (slots + 63) / 64;
            Start = start;
            End = end;
            AllocBits = (ulong*)begin;
            MarkBits = AllocBits + words;
            BitmapWords = words;
            Base = (byte*)(MarkBits + words) + ObjectLayout.HeaderSize;
            AreaEnd = end + ObjectLayout.HeaderSize;
            Flags = flags;
            Marked = 0;
            for (nuint i = 0; i < 2 * words; i++) AllocBits[i] = 0;
            return true;
        }

        /// <summary>Bytes objects can use.</summary>
        public nuint AreaBytes => (nuint)(AreaEnd - Base);

        public bool InArea(byte* obj) => obj >= Base && obj < AreaEnd;

        public void SetAllocated(byte* obj)
        {
            nuint slot = (nuint)(obj - Base) >> 3;
            AllocBits[slot >> 6] |= 1UL << (int)(slot & 63);
        }

        public bool IsAllocated(byte* obj)
        {
            nuint slot = (nuint)(obj - Base) >> 3;
            return (AllocBits[slot >> 6] & (1UL << (int)(slot & 63))) != 0;
        }

        /// <summary>Marks the object at obj (and counts its bytes); false if it was marked already.</summary>
        public bool TryMark(byte* obj)
        {
            nuint slot = (nuint)(obj - Base) >> 3;
            ulong bit = 1UL << (int)(slot & 63);
            ulong* word = MarkBits + (slot >> 6);
            if ((*word & bit) != 0) return false;
            *word |= bit;
            Marked += ObjectLayout.HeapSize(obj);
            return true;
        }

        public bool IsMarked(byte* obj)
        {
            nuint slot = (nuint)(obj - Base) >> 3;
            return (MarkBits[slot >> 6] & (1UL << (int)(slot & 63))) != 0;
        }

        /// <summary>
        /// The object whose memory contains address (its header word, its fields, or anywhere up to its end), or null.
        /// </summary>
        public byte* FindObject(byte* address)
        {
            byte* at = address + ObjectLayout.HeaderSize;       // to object-address terms: its header is o - 8
            if (at < Base || at >= AreaEnd) return null;
            byte* obj;
            if (IsLarge)
            {
                obj = Base;
                if (!IsAllocated(obj)) return null;
            }
            else
            {
                nuint slot = (nuint)(at - Base) >> 3;
                nint word = (nint)(slot >> 6);
                ulong bits = AllocBits[word] & (~0UL >> (63 - (int)(slot & 63)));
                while (bits == 0)
                {
                    if (--word < 0) return null;
                    bits = AllocBits[word];
                }
                obj = Base + (((nuint)word * 64 + (nuint)(63 - BitOperations.LeadingZeroCount(bits))) << 3);
            }
            return at < obj + ObjectLayout.HeapSize(obj) ? obj : null;
        }

        /// <summary>
        /// Ends a collection for this region: the unmarked objects are gone (their memory and the gaps around them go
        /// to lists as chunks, when lists is given), the marked ones are what the region holds, and no mark remains.
        /// </summary>
        public void Sweep(FreeLists* lists)
        {
            byte* cursor = Base;
            for (nuint word = 0; word < BitmapWords; word++)
            {
                ulong bits = MarkBits[word];
                AllocBits[word] = bits;
                MarkBits[word] = 0;
                while (bits != 0)
                {
                    int bit = BitOperations.TrailingZeroCount(bits);
                    bits &= bits - 1;
                    byte* obj = Base + ((word * 64 + (nuint)bit) << 3);
                    if (obj > cursor && lists != null) lists->Add(cursor, (nuint)(obj - cursor));
                    cursor = obj + ObjectLayout.HeapSize(obj);
                }
            }
            if (AreaEnd > cursor && lists != null) lists->Add(cursor, (nuint)(AreaEnd - cursor));
            Marked = 0;
        }
    }
}
