// Free memory of the heap as size-segregated lists of chunks: one list per size up to 1 KiB (8-byte steps, exact
// fit), then one per power of two (first fit within it). A chunk is addressed like an object (its first word is where
// an object's MethodTable would go, the word before it is its header word) and keeps its size and the next chunk in
// its first two words, so it is at least ObjectLayout.MinimumSize. A bitmap of non-empty lists finds the smallest
// list that fits in a few instructions.
using System.Numerics;

namespace Internal.Runtime.Collector
{
    internal unsafe struct FreeLists
    {
        private const int ExactLists = 128;                 // sizes 0, 8, ..., 1016 (below 24 stay empty)
        private const int ExactLimit = ExactLists * 8;
        private const int ExactLimitLog2 = 10;
        private const int Lists = ExactLists + 64 - ExactLimitLog2;
        private const int BitmapWords = (Lists + 63) / 64;

        private fixed ulong _heads[Lists];
        private fixed ulong _nonEmpty[BitmapWords];
        private ulong _bytes;
        private ulong _chunks;

        /// <summary>Bytes in all the chunks.</summary>
        public ulong Bytes => _bytes;

        public ulong Chunks => _chunks;

        public void Clear()
        {
            for (int i = 0; i < Lists; i++) _heads[i] = 0;
            for (int i = 0; i < BitmapWords; i++) _nonEmpty[i] = 0;
            _bytes = 0;
            _chunks = 0;
        }

        private static int ListOf(nuint size)
            => size < ExactLimit ? (int)(size / 8) : ExactLists + (63 - BitOperations.LeadingZeroCount((ulong)size)) - ExactLimitLog2;

        /// <summary>Gives [chunk - 8, chunk + size - 8) to the lists. Chunks smaller than the minimum are dropped.</summary>
        public void Add(byte* chunk, nuint size)
        {
            if (size < ObjectLayout.MinimumSize) return;
            int list = ListOf(size);
            *(nuint*)chunk = size;
            *(ulong*)(chunk + 8) = _heads[list];
            _heads[list] = (ulong)chunk;
            _nonEmpty[list >> 6] |= 1UL << (list & 63);
            _bytes += size;
            _chunks++;
        }

        /// <summary>Takes a chunk of at least size bytes (its whole size in chunkSize), or null when none is that big.</summary>
        public byte* Take(nuint size, out nuint chunkSize)
        {
            int list = ListOf(size);
            if (list >= ExactLists)
            {
                // Within a power-of-two list, chunks may be smaller than asked: first fit.
                byte* previous = null;
                for (byte* chunk = (byte*)_heads[list]; chunk != null; previous = chunk, chunk = *(byte**)(chunk + 8))
                {
                    if (*(nuint*)chunk < size) continue;
                    byte* next = *(byte**)(chunk + 8);
                    if (previous == null) SetHead(list, next);
                    else *(byte**)(previous + 8) = next;
                    return Taken(chunk, out chunkSize);
                }
                list++;
            }
            list = FirstNonEmpty(list);
            if (list < 0)
            {
                chunkSize = 0;
                return null;
            }
            byte* head = (byte*)_heads[list];
            SetHead(list, *(byte**)(head + 8));
            return Taken(head, out chunkSize);
        }

        private byte* Taken(byte* chunk, out nuint chunkSize)
        {
            chunkSize = *(nuint*)chunk;
            _bytes -= chunkSize;
            _chunks--;
            return chunk;
        }

        private void SetHead(int list, byte* chunk)
        {
            _heads[list] = (ulong)chunk;
            if (chunk == null) _nonEmpty[list >> 6] &= ~(1UL << (list & 63));
        }

        private int FirstNonEmpty(int from)
        {
            for (int word = from >> 6; word < BitmapWords; word++)
            {
                ulong bits = _nonEmpty[word];
                if (word == from >> 6) bits &= ~0UL << (from & 63);
                if (bits != 0) return word * 64 + BitOperations.TrailingZeroCount(bits);
            }
            return -1;
        }
    }
}
