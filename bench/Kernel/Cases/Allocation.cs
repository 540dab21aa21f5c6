// alloc_small: one `new` of a 32-byte object (header, MethodTable, two fields), kept in a static so that it escapes.
// The figure includes the collections the allocations cause, spread over them. gc_collect_16mb: one full collection
// (GC.Collect) of a heap holding 16 MiB of live linked objects: the pause every thread sees; gc_collect_64mb, with 64.
using System;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class Allocation
    {
        private const ulong Operations = 10_000;

        private sealed class Small
        {
            public long Value;
            public Small Next;
        }

        private sealed class Node
        {
            public Node Next;
            public long[] Payload;
        }

        private static Small s_last;
        private static Node s_live;

        public static void RunSmall() => Measure.Run("alloc_small", Operations, &Batch);

        private static void Batch(ulong operations)
        {
            for (ulong i = 0; i < operations; i++) s_last = new Small { Value = (long)i, Next = null };
        }

        public static void RunCollect()
        {
            RunCollect(16, "gc_collect_16mb");
            RunCollect(64, "gc_collect_64mb");
        }

        private static void RunCollect(int mebibytes, string name)
        {
            // Nodes of 32 bytes with an 80-byte array each (112 bytes per pair).
            int pairs = (mebibytes << 20) / 112;
            Node head = null;
            for (int i = 0; i < pairs; i++) head = new Node { Next = head, Payload = new long[7] };
            s_live = head;
            head = null;
            GC.Collect();
            Measure.Run(name, 1, &Collect);
            s_live = null;
            GC.Collect();
        }

        private static void Collect(ulong operations)
        {
            for (ulong i = 0; i < operations; i++) GC.Collect();
        }
    }
}
