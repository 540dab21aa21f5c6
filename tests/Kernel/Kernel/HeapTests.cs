// The kernel heap: every allocation is distinct, aligned and zeroed, and the heap accounts for what it hands out.
using System;
using Helios.Kernel;
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
            Assert.True(Heap.CapacityBytes > Heap.UsedBytes);
        }

        // Bigger than the early heap and than any step the kernel grows the heap by unasked: the heap must ask the
        // host (frames) for a region this object fits in. The object is the first in its region, so its header
        // word (just before it) must be inside the heap too.
        [Test]
        public static void LargeAllocations()
        {
            ulong capacity = Heap.CapacityBytes;
            var big = new byte[40 << 20];
            big[big.Length - 1] = 7;
            Assert.Equal((byte)7, big[big.Length - 1]);
            Assert.Equal(40 << 20, big.Length);
            Assert.True(Heap.CapacityBytes >= capacity + (40UL << 20));
            fixed (byte* data = big)
            {
                // data - 16: the object (MethodTable pointer, then the length); data - 24: its header word.
                Assert.True(Heap.Contains(data - 24));
                Assert.True(Heap.Contains(data + big.Length - 1));
            }
        }

        // Cloning copies the object's fields and nothing after them. (The word after a byte[8]'s elements is, in this
        // heap, the header word of whatever is allocated next; the clone must not carry it along. What follows the
        // clone is whatever the heap left there, zero or a free chunk's bookkeeping, so the test looks for the marker.)
        [Test]
        public static void ClonesCopyOnlyTheirObject()
        {
            var original = new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 };
            fixed (byte* data = original) *(ulong*)(data + 8) = 0x5EADBEEFCAFEF00DUL;
            var clone = (byte[])original.Clone();
            Assert.Equal(8, clone.Length);
            Assert.Equal((byte)8, clone[7]);
            fixed (byte* data = clone) Assert.True(*(ulong*)(data + 8) != 0x5EADBEEFCAFEF00DUL, "the clone carried the word after its object");
            fixed (byte* data = original) *(ulong*)(data + 8) = 0;
        }

        // The heap runs out: the report must still come out, as a panic naming the allocation, although the heap has
        // nothing left for the message (the heap keeps a reserve for the reporting path and builds its own message on
        // the stack). Everything stays reachable, so collections free nothing: large arrays up to the heap's limit,
        // then smaller ones, then nodes of 32 bytes until one does not fit. Which allocation is the one that does not fit
        // (a node, or a 16 KiB array when the frames run out before the heap's limit) depends on where the image ends
        // and what else holds frames: the report names it either way.
        [Test]
        [ExpectPanic("HELIOS-PANIC fail fast: Out of memory: the heap cannot satisfy an allocation of ")]
        public static void RunningOutOfMemoryIsReported()
        {
            ulong limit = Helios.Kernel.Diagnostics.CollectorHostExports.HeapLimit;
            while (Heap.CapacityBytes + (4 << 20) < limit) s_kept = new Kept { Data = new byte[1 << 20], Next = s_kept };
            while (Heap.CapacityBytes + (256 << 10) < limit || Heap.FreeBytes > (64 << 10))
                s_kept = new Kept { Data = new byte[16 << 10], Next = s_kept };
            while (true) s_kept = new Kept { Next = s_kept };
        }

        private sealed class Kept
        {
            public byte[] Data;
            public Kept Next;
        }

        private static Kept s_kept;

    }
}
