// The kernel's physical memory: one FrameAllocator over the boot memory map, less the kernel image and its early
// heap, the boot structures still in use, and what the platform keeps for itself (x86_64: the first MiB). Frames are
// identity mapped, so a frame's physical address is also where the kernel reads and writes it.
using System;
using System.Collections.Generic;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Threading;
using Internal.Runtime;

namespace Helios.Kernel.Memory
{
    public static unsafe class Frames
    {
        private static FrameAllocator s_allocator;
        private static SpinLock s_lock;

        public static FrameAllocator Allocator => s_allocator;

        internal static void Initialize(BootInfo boot, ImageLayout* layout, Platform platform)
        {
            var usable = new List<(ulong, ulong)>();
            foreach (MemoryRegion region in boot.Memory)
                if (region.Kind == MemoryKind.Usable) usable.Add((region.Start, region.End));
            var reserved = new List<(ulong, ulong)>
            {
                ((ulong)layout->ImageStart, (ulong)layout->HeapEnd),    // the image, then the early heap after it
            };
            foreach (ReservedRange range in boot.Reserved) reserved.Add((range.Start, range.End));
            foreach ((ulong start, ulong end) in platform.ReservedMemory) reserved.Add((start, end));
            s_allocator = new FrameAllocator(usable, boot.Affinity, reserved, boot.DomainCount);
        }

        /// <summary>count contiguous zeroed frames (preferably in domain), or 0 when memory is exhausted.</summary>
        public static ulong Allocate(ulong count = 1, int domain = 0, ulong alignFrames = 1)
        {
            ulong address = AllocateUncleared(count, domain, alignFrames);
            if (address != 0) new Span<byte>((void*)address, checked((int)(count * FrameAllocator.FrameSize))).Clear();
            return address;
        }

        /// <summary>
        /// Like Allocate, but the frames keep what they held: for callers that overwrite or clear every byte before
        /// anything reads it (a process image; a heap region, whose runtime clears each object it hands out).
        /// </summary>
        public static ulong AllocateUncleared(ulong count = 1, int domain = 0, ulong alignFrames = 1)
        {
            nuint state = s_lock.AcquireIrqSave();
            bool found = s_allocator.TryAllocate(count, out ulong address, domain, alignFrames);
            s_lock.ReleaseIrqRestore(state);
            return found ? address : 0;
        }

        public static void Free(ulong address, ulong count = 1)
        {
            nuint state = s_lock.AcquireIrqSave();
            try
            {
                s_allocator.Free(address, count);
            }
            finally
            {
                s_lock.ReleaseIrqRestore(state);
            }
        }

        /// <summary>The longest run of free frames (fragmentation limits a contiguous allocation to this).</summary>
        public static ulong LargestFreeRun
        {
            get
            {
                nuint state = s_lock.AcquireIrqSave();
                ulong largest = s_allocator.LargestFreeRun;
                s_lock.ReleaseIrqRestore(state);
                return largest;
            }
        }

        public static ulong FreeFrames
        {
            get
            {
                nuint state = s_lock.AcquireIrqSave();
                ulong free = s_allocator.FreeFrames;
                s_lock.ReleaseIrqRestore(state);
                return free;
            }
        }
    }
}
