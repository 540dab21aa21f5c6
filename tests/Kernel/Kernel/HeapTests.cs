// The kernel heap: every allocation is distinct, aligned and zeroed, and the heap accounts for what it hands out.
using System;
using Internal.Runtime;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static unsafe class HeapTests
    {
        private sealed class Node
        {
            public long Value;
            public Node Next;
        }

        [Test]
        public static void AllocationsAreDistinctAlignedAndZeroed()
        {
            const int count = 2000;
            Node head = null;
            for (int i = 0; i < count; i++) head = new Node { Value = i, Next = head };
            int seen = 0;
            for (Node n = head; n is not null; n = n.Next)
            {
                Assert.Equal((long)(count - 1 - seen), n.Value);
                seen++;
            }
            Assert.Equal(count, seen);
            byte[] fresh = new byte[4096];
            fixed (byte* p = fresh)
            {
                Assert.Equal(0UL, (ulong)p % 8);
                for (int i = 0; i < fresh.Length; i++)
                    if (p[i] != 0) Assert.Fail("byte " + i.ToString() + " is not zero");
            }
        }

        // Kept in a static so the compiler cannot put the array on the stack (it does, for arrays that do not escape).
        private static long[] s_block;

        [Test]
        public static void HeapAccountsForAllocations()
        {
            ulong before = Heap.AllocatedBytes;
            ulong objects = Heap.ObjectCount;
            long[] block = s_block = new long[1000];
            Assert.True(Heap.AllocatedBytes - before >= 8000);
            Assert.True(Heap.ObjectCount > objects);
            fixed (long* p = block) Assert.True(Heap.Contains(p));
            Assert.True(Heap.CapacityBytes > Heap.AllocatedBytes);
        }

        [Test]
        public static void LargeAllocations()
        {
            // Bigger than the early heap's remaining space: comes from the RAM given to the heap after boot.
            var big = new byte[40 << 20];
            big[big.Length - 1] = 7;
            Assert.Equal((byte)7, big[big.Length - 1]);
            Assert.Equal(40 << 20, big.Length);
        }
    }
}
