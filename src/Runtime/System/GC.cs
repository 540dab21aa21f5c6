// The collector's public face, with the BCL's names: Collect, GetTotalMemory, CollectionCount, KeepAlive. One
// generation: every collection is full.
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    public static class GC
    {
        public static int MaxGeneration => 0;

        /// <summary>Collects now: marks what is reachable and frees the rest.</summary>
        public static void Collect() => Heap.Collect();

        public static void Collect(int generation)
        {
            if (generation < 0) throw new ArgumentOutOfRangeException(nameof(generation));
            Heap.Collect();
        }

        /// <summary>Bytes in use by objects (after a collection, if asked: then only reachable ones).</summary>
        public static long GetTotalMemory(bool forceFullCollection)
        {
            if (forceFullCollection) Heap.Collect();
            return (long)Heap.UsedBytes;
        }

        public static int CollectionCount(int generation)
        {
            if (generation < 0) throw new ArgumentOutOfRangeException(nameof(generation));
            return generation == 0 ? (int)Heap.Collections : 0;
        }

        /// <summary>Keeps obj reachable up to this call (the collector scans stacks and registers conservatively).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void KeepAlive(object obj) { }
    }
}
