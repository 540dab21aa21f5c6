// Thread stacks, in a virtual region of their own (AddressSpace.StackRegionStart): each thread gets a 1 MiB slot
// whose top part is mapped to fresh frames and whose bottom stays unmapped, so running off the end of a stack faults
// on a guard page instead of overwriting memory. Frames come from the domain the thread will run in.
using System;
using System.Collections.Generic;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Memory
{
    public readonly struct KernelStack
    {
        public KernelStack(ulong slot, ulong limit, ulong top)
        {
            Slot = slot;
            Limit = limit;
            Top = top;
        }

        public ulong Slot { get; }

        /// <summary>The lowest mapped address; the page below it is a guard page.</summary>
        public ulong Limit { get; }

        /// <summary>The first address above the stack (stacks grow down from here).</summary>
        public ulong Top { get; }

        public ulong Size => Top - Limit;

        public bool Contains(ulong address) => address >= Limit && address < Top;

        /// <summary>Whether address is in this stack's guard area (an overflow).</summary>
        public bool IsGuard(ulong address) => address >= Slot && address < Limit;
    }

    public static class KernelStacks
    {
        public const ulong SlotSize = 1UL << 20;
        public const ulong DefaultSize = 64 * 1024;
        public const ulong MaxSize = SlotSize - 64 * 1024;     // at least 64 KiB of guard below every stack

        private static readonly List<ulong> s_freeSlots = new List<ulong>();
        private static ulong s_nextSlot = AddressSpace.StackRegionStart;
        private static SpinLock s_lock;

        /// <summary>A stack of size bytes (rounded up to pages); throws when memory is exhausted.</summary>
        public static KernelStack Allocate(ulong size = DefaultSize, int domain = 0)
        {
            size = (size + PageTable.PageSize - 1) & ~(PageTable.PageSize - 1);
            if (size == 0 || size > MaxSize) throw new ArgumentOutOfRangeException(nameof(size));
            ulong slot = TakeSlot();
            ulong top = slot + SlotSize;
            for (ulong page = top - size; page < top; page += PageTable.PageSize)
            {
                ulong frame = Frames.Allocate(1, domain);
                if (frame == 0)
                {
                    Release(new KernelStack(slot, page, top));
                    throw new OutOfMemoryException("no frames for a " + (size / 1024).ToString() + " KiB thread stack");
                }
                AddressSpace.Map(page, frame, PageTable.PageSize, MapKind.Memory);
            }
            return new KernelStack(slot, top - size, top);
        }

        /// <summary>Unmaps a stack and returns its frames; the caller must not be running on it.</summary>
        public static void Release(KernelStack stack)
        {
            for (ulong page = stack.Limit; page < stack.Top; page += PageTable.PageSize)
            {
                if (AddressSpace.TryTranslate(page, out ulong frame, out _))
                {
                    AddressSpace.Unmap(page, PageTable.PageSize);
                    Frames.Free(frame);
                }
            }
            nuint state = s_lock.AcquireIrqSave();
            s_freeSlots.Add(stack.Slot);
            s_lock.ReleaseIrqRestore(state);
        }

        private static ulong TakeSlot()
        {
            nuint state = s_lock.AcquireIrqSave();
            ulong slot;
            if (s_freeSlots.Count > 0)
            {
                slot = s_freeSlots[s_freeSlots.Count - 1];
                s_freeSlots.RemoveAt(s_freeSlots.Count - 1);
            }
            else
            {
                slot = s_nextSlot;
                s_nextSlot += SlotSize;
            }
            s_lock.ReleaseIrqRestore(state);
            if (slot >= AddressSpace.StackRegionStart + AddressSpace.StackRegionSize) throw new OutOfMemoryException("the stack region is full");
            return slot;
        }
    }
}
