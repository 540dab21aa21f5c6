// The collector on the kernel's own heap: garbage far beyond the heap's limit is collected while a linked structure
// stays intact; roots on stacks (this thread's and others'), in registers and in statics keep objects; what only a
// finished thread referenced dies; threads created and finished in a loop leave the heap as it was.
using System;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;
using Helios.Testing;
using Internal.Runtime;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class GcTests
    {
        internal sealed class Node
        {
            public long Value;
            public Node Next;
            public string Label;
            public long[] Payload;
        }

        // Builds count nodes, each with a label and a payload that encode its value.
        internal static Node Build(int count, long seed)
        {
            Node head = null;
            for (int i = 0; i < count; i++)
            {
                long value = seed + i;
                head = new Node { Value = value, Next = head, Label = "n" + value.ToString(), Payload = new long[] { value, ~value } };
            }
            return head;
        }

        // Whether the structure Build made is intact; a freed and reused node shows as a wrong value, label or payload.
        internal static bool Check(Node head, int count, long seed)
        {
            int seen = 0;
            for (Node n = head; n is not null; n = n.Next)
            {
                long value = seed + count - 1 - seen;
                if (n.Value != value || n.Label != "n" + value.ToString() || n.Payload.Length != 2
                    || n.Payload[0] != value || n.Payload[1] != ~value) return false;
                seen++;
            }
            return seen == count;
        }

        // Short-lived objects of many sizes, some linked to each other; returns something so the work is not dropped.
        internal static long Churn(long bytes)
        {
            long made = 0, sum = 0;
            int round = 0;
            Node scratch = null;
            while (made < bytes)
            {
                int size = 8 + (round * 37) % 1500;
                var array = new byte[size];
                array[size - 1] = (byte)round;
                sum += array[size - 1];
                scratch = new Node { Value = round, Next = (round & 15) == 0 ? null : scratch };
                made += size + 64;
                round++;
            }
            return sum + (scratch?.Value ?? 0);
        }

        private static Node s_kept;

        [Test]
        public static void GarbageFarBeyondTheHeapLimitIsCollected()
        {
            ulong limit = CollectorHostExports.HeapLimit;
            Assert.True(limit > 0, "the kernel gives its heap a limit");
            ulong collections = Heap.Collections;
            Node kept = Build(20_000, 7);
            Churn((long)(3 * limit));
            Assert.True(Check(kept, 20_000, 7), "the linked structure survived every collection");
            Assert.True(Heap.Collections > collections + 2, "collections ran: " + (Heap.Collections - collections).ToString());
            Assert.True(Heap.CapacityBytes <= limit, "the heap stayed within its limit");
        }

        [Test]
        public static void StaticsKeepTheirObjects()
        {
            s_kept = Build(5_000, 1_000_000);
            GC.Collect();
            Churn(32 << 20);
            GC.Collect();
            Assert.True(Check(s_kept, 5_000, 1_000_000));
            s_kept = null;
        }

        // ilc preinitialises this object into the image (a frozen object) rather than the heap: a heap object stored
        // in it later must survive anyway.
        private sealed class Holder
        {
            public Node Link;
        }

        private static readonly Holder s_preinitialized = new Holder();

        [Test]
        public static void ObjectsReferencedFromPreinitializedObjectsSurvive()
        {
            s_preinitialized.Link = Build(3_000, 555);
            GC.Collect();
            Churn(16 << 20);
            GC.Collect();
            Assert.True(Check(s_preinitialized.Link, 3_000, 555));
            s_preinitialized.Link = null;
        }

        [Test]
        public static void ObjectsOnlyOnThisStackSurvive()
        {
            Node local = Build(3_000, 42);
            GC.Collect();
            Churn(16 << 20);
            GC.Collect();
            Churn(16 << 20);
            Assert.True(Check(local, 3_000, 42));
        }

        // The other thread's list is only on its stack (or in registers it saved when it blocked).
        [Test]
        public static void ObjectsOnlyOnAnotherThreadsStackSurvive()
        {
            var built = new ManualResetEvent();
            var go = new ManualResetEvent();
            bool intact = false;
            var thread = new Thread(() =>
            {
                Node mine = Build(4_000, 99);
                built.Set();
                go.Wait();
                intact = Check(mine, 4_000, 99);
            }, "gc keeper");
            thread.Start();
            built.Wait();
            GC.Collect();
            Churn(24 << 20);
            GC.Collect();
            go.Set();
            Assert.True(thread.Join());
            Assert.True(intact, "the other thread's list survived");
        }

        // A struct array: its references come from the GCDesc's repeating series.
        private struct Pair
        {
            public string Name;
            public long Number;
            public Node Link;
            public int Small;
        }

        [Test]
        public static void StructArraysKeepTheirReferences()
        {
            var pairs = new Pair[500];
            for (int i = 0; i < pairs.Length; i++)
                pairs[i] = new Pair { Name = "p" + i.ToString(), Number = i, Link = Build(2, i), Small = -i };
            GC.Collect();
            Churn(16 << 20);
            GC.Collect();
            for (int i = 0; i < pairs.Length; i++)
            {
                Assert.Equal("p" + i.ToString(), pairs[i].Name);
                Assert.Equal((long)i, pairs[i].Number);
                Assert.Equal(-i, pairs[i].Small);
                Assert.True(Check(pairs[i].Link, 2, i), "pair " + i.ToString());
            }
        }

        // 4 MiB only a finished thread referenced: gone after a collection, and its region back with the frames.
        [Test]
        public static void WhatOnlyAFinishedThreadReferencedDies()
        {
            long before = GC.GetTotalMemory(true);
            ulong released = Heap.ReleasedBytes;
            RunAndForget();
            long after = GC.GetTotalMemory(true);
            Assert.True(after < before + (1 << 20), "in use before " + before.ToString() + ", after " + after.ToString());
            Assert.True(Heap.ReleasedBytes >= released + (4UL << 20), "the big array's region went back to the host");
        }

        private static void RunAndForget()
        {
            long sum = 0;
            var thread = new Thread(() =>
            {
                var big = new long[512 << 10];
                for (int i = 0; i < big.Length; i += 512) big[i] = i;
                for (int i = 0; i < big.Length; i += 512) sum += big[i];
            }, "gc forgetter");
            thread.Start();
            Assert.True(thread.Join());
            Assert.True(sum > 0);
        }

        // A structure that made the heap grow dies: the regions it grew into go back to the host as frames (those that
        // hold nothing: a region where a survivor was placed stays, as the heap does not move objects).
        [Test]
        public static void RegionsFreedByACollectionGoBackToTheHost()
        {
            GC.Collect();
            ulong capacity = Heap.CapacityBytes;
            // Enough nodes (over 100 bytes each with their label and payload) to outgrow what the heap has free, whatever
            // its size: a satellite's early heap is half the coordinator's.
            // Enough nodes (about 100 bytes each with their label and payload) to outgrow what the heap has free by 8 MiB
            // or more, whatever its size and history (a satellite's early heap is half the coordinator's).
            int count = (int)Math.Max(250_000UL, Math.Max((capacity - Heap.UsedBytes + (8UL << 20)) / 100, (Heap.FreeBytes + (8UL << 20)) / 80));
            ulong grown = BuildCheckAndDrop(count);
            // Counted from here: collections while it built (a small heap, a satellite's) may have released regions too.
            ulong released = Heap.ReleasedBytes;
            ulong frames = Frames.FreeFrames;
            Assert.True(grown > capacity + (4 << 20), "the heap grew: " + capacity.ToString() + " -> " + grown.ToString());
            GC.Collect();
            ulong back = Heap.ReleasedBytes - released;
            Assert.True(back >= (4 << 20), "released " + back.ToString());
            Assert.Equal(grown - back, Heap.CapacityBytes);
            Assert.Equal(frames + back / FrameAllocator.FrameSize, Frames.FreeFrames);
        }

        // In a frame of its own, so that no word of the caller's stack still points at the structure. Many short lists,
        // not one long one: a stale word the conservative stack scan takes for a node keeps only the rest of its list.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ulong BuildCheckAndDrop(int count)
        {
            const int Lists = 1024;
            var lists = new Node[Lists];
            for (int i = 0; i < Lists; i++) lists[i] = Build(count / Lists, 11 + (long)i * count);
            for (int i = 0; i < Lists; i++) Assert.True(Check(lists[i], count / Lists, 11 + (long)i * count));
            return Heap.CapacityBytes;
        }

        // Without a collector every cycle leaves its Thread, name and closure behind.
        [Test]
        public static void ThreadsCreatedAndFinishedInALoopLeaveTheHeapAsItWas()
        {
            RunThreads(50);
            long before = GC.GetTotalMemory(true);
            ulong freeFramesBefore = Frames.FreeFrames;
            RunThreads(1000);
            long after = GC.GetTotalMemory(true);
            ulong freeFramesAfter = Frames.FreeFrames;
            KernelConsole.WriteLine("gc: 1000 thread create/exit cycles: heap in use " + before.ToString() + " -> " + after.ToString()
                                    + " bytes, free frames " + freeFramesBefore.ToString() + " -> " + freeFramesAfter.ToString());
            Assert.True(after < before + (32 << 10), "in use before " + before.ToString() + ", after " + after.ToString());
            Assert.True(freeFramesAfter + 16 >= freeFramesBefore, "free frames " + freeFramesBefore.ToString() + " -> " + freeFramesAfter.ToString());
        }

        private static void RunThreads(int count)
        {
            int ran = 0;
            for (int i = 0; i < count; i++)
            {
                var thread = new Thread(() => ran++, "cycle " + i.ToString());
                thread.Start();
                thread.Join();
            }
            Assert.Equal(count, ran);
        }

        [Test]
        public static void TotalMemoryFallsWhenGarbageIsCollected()
        {
            long before = GC.GetTotalMemory(true);
            int collections = GC.CollectionCount(0);
            Churn(4 << 20);
            Assert.True(GC.GetTotalMemory(false) > before);
            Assert.True(GC.GetTotalMemory(true) < before + (64 << 10));
            Assert.True(GC.CollectionCount(0) > collections);
        }
    }
}
