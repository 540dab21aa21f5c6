// Physical and virtual memory: every free frame can be had exactly once and given back; guard pages and stack
// overflows are caught and reported, each in a boot of its own.
using System;
using Helios.Kernel.Memory;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static unsafe class MemoryTests
    {
        // Takes every free frame one at a time (marking each in a bitmap, which must never see a frame twice), then
        // returns them all: the allocator must end where it started.
        [Test]
        public static void EveryFrameIsHandedOutOnceAndComesBack()
        {
            KernelStacks.Trim();
            ulong before = Frames.FreeFrames;
            ulong lowest = ulong.MaxValue, highest = 0;
            var taken = new ulong[before + 64];
            int count = 0;
            // The bitmap of frames seen is itself in frames: take it first, sized for all of memory.
            var seen = new ulong[(int)(Frames.Allocator.TotalFrames * 2 / 64 + 1)];
            ulong baseFrame = ulong.MaxValue;
            while (true)
            {
                ulong frame = Frames.Allocate();
                if (frame == 0) break;
                if (baseFrame == ulong.MaxValue) baseFrame = frame;
                taken[count++] = frame;
                lowest = Math.Min(lowest, frame);
                highest = Math.Max(highest, frame);
            }
            Assert.True(count > 1000, "only " + count.ToString() + " frames");
            Assert.Equal(0UL, Frames.FreeFrames);
            for (int i = 0; i < count; i++)
            {
                ulong index = (taken[i] - lowest) / FrameAllocator.FrameSize;
                Assert.True(index / 64 < (ulong)seen.Length, "frame outside the range");
                ulong bit = 1UL << (int)(index % 64);
                if ((seen[index / 64] & bit) != 0) Assert.Fail("frame 0x" + taken[i].ToString("x") + " handed out twice");
                seen[index / 64] |= bit;
            }
            for (int i = 0; i < count; i++) Frames.Free(taken[i]);
            Assert.Equal(before, Frames.FreeFrames);
        }

        // Writes into the guard page below another thread's stack.
        [Test]
        [ExpectPanic("the address is in a guard page below a thread stack")]
        public static void WritingToAGuardPageIsReported()
        {
            KernelStack stack = KernelStacks.Allocate();
            *(ulong*)(stack.Limit - 8) = 0xBAD;
            Assert.Fail("the write to 0x" + (stack.Limit - 8).ToString("x") + " did not fault");
        }

        private static int Recurse(int depth) => depth == int.MaxValue ? depth : Recurse(depth + 1) + 1;

        // A thread that recurses without end runs into its guard page: a panic naming the thread, not memory damage.
        [Test]
        [ExpectPanic("stack overflow in thread 'recursor'")]
        public static void AStackOverflowIsReported()
        {
            var thread = new Thread(() => Recurse(0), "recursor");
            thread.Start();
            thread.Join();
            Assert.Fail("the recursion returned");
        }
    }
}
