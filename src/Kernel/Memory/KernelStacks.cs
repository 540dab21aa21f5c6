// Thread stacks, in a virtual region of their own (AddressSpace.StackRegionStart): each thread gets a 1 MiB slot
// whose top part is mapped to fresh frames and whose bottom stays unmapped, so running off the end of a stack faults
// on a guard page instead of overwriting memory. Frames come from the domain the thread will run in.
// A released stack stays mapped in a pool and is reused for the next stack of its size and domain: releasing needs
// no TLB shootdown, so it can happen anywhere (the scheduler frees an exited thread's stack during a switch). Trim
// returns pooled stacks to the frame allocator.
using System;
using System.Collections.Generic;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Memory
{
    public readonly struct KernelStack
    {
        public KernelStack(ulong slot, ulong limit, ulong top, int domain = 0)
        {
            Slot = slot;
            Limit = limit;
            Top = top;
            Domain = domain;
        }

        public ulong Slot { get; }

        /// <summary>The lowest mapped address; the page below it is a guard page.</summary>
        public ulong Limit { get; }

        /// <summary>The first address above the stack (stacks grow down from here).</summary>
        public ulong Top { get; }

        public int Domain { get; }

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

        private static List<ulong> s_freeSlots = new List<ulong>();
        private static List<KernelStack> s_pool = new List<KernelStack>();
        private static ulong s_nextSlot = AddressSpace.StackRegionStart;
        private static SpinLock s_lock;

        /// <summary>Stacks released and kept mapped for reuse.</summary>
        public static int Pooled => s_pool.Count;

        /// <summary>Whether address lies in the region of thread stacks (where everything unmapped is a guard).</summary>
        public static bool InRegion(ulong address)
            => address >= AddressSpace.StackRegionStart && address - AddressSpace.StackRegionStart < AddressSpace.StackRegionSize;

        /// <summary>A stack of size bytes (rounded up to pages); throws when memory is exhausted.</summary>
        public static KernelStack Allocate(ulong size = DefaultSize, int domain = 0)
        {
            size = (size + PageTable.PageSize - 1) & ~(PageTable.PageSize - 1);
            if (size == 0 || size > MaxSize) throw new ArgumentOutOfRangeException(nameof(size));
            nuint state = s_lock.AcquireIrqSave();
            for (int i = s_pool.Count - 1; i >= 0; i--)
            {
                KernelStack pooled = s_pool[i];
                if (pooled.Size != size || pooled.Domain != domain) continue;
                s_pool.RemoveAt(i);
                s_lock.ReleaseIrqRestore(state);
                return pooled;
            }
            ulong slot = TakeSlot();
            s_lock.ReleaseIrqRestore(state);
            if (slot == 0) throw new OutOfMemoryException("the stack region is full");

            ulong top = slot + SlotSize;
            for (ulong page = top - size; page < top; page += PageTable.PageSize)
            {
                ulong frame = Frames.Allocate(1, domain);
                if (frame == 0)
                {
                    Unmap(new KernelStack(slot, page, top, domain));
                    throw new OutOfMemoryException("no frames for a " + (size / 1024).ToString() + " KiB thread stack");
                }
                AddressSpace.Map(page, frame, PageTable.PageSize, MapKind.Memory);
            }
            return new KernelStack(slot, top - size, top, domain);
        }

        /// <summary>Returns a stack nobody runs on any more to the pool (no unmapping: callable anywhere).</summary>
        public static void Release(KernelStack stack)
        {
            // A stack from anywhere else (a CPU's first stack) must never reach the pool: Trim would unmap it.
            if (!InRegion(stack.Limit))
                Diagnostics.Panic.Halt("a stack KernelStacks did not give out was released: 0x" + stack.Limit.ToString("x") + "-0x" + stack.Top.ToString("x"));
            nuint state = LockWithRoomIn(ref s_pool);
            s_pool.Add(stack);
            s_lock.ReleaseIrqRestore(state);
        }

        /// <summary>Unmaps every pooled stack and frees its frames. Needs interrupts on and no spin lock held.</summary>
        public static void Trim()
        {
            while (true)
            {
                nuint state = s_lock.AcquireIrqSave();
                if (s_pool.Count == 0)
                {
                    s_lock.ReleaseIrqRestore(state);
                    return;
                }
                KernelStack stack = s_pool[s_pool.Count - 1];
                s_pool.RemoveAt(s_pool.Count - 1);
                s_lock.ReleaseIrqRestore(state);
                Unmap(stack);
            }
        }

        private static unsafe void Unmap(KernelStack stack)
        {
            int pages = (int)(stack.Size / PageTable.PageSize);
            ulong* frames = stackalloc ulong[pages];
            for (int i = 0; i < pages; i++)
                frames[i] = AddressSpace.TryTranslate(stack.Limit + (ulong)i * PageTable.PageSize, out ulong frame, out _) ? frame : 0;
            AddressSpace.Unmap(stack.Limit, stack.Size);      // one shootdown for the whole stack
            for (int i = 0; i < pages; i++)
                if (frames[i] != 0) Frames.Free(frames[i]);
            nuint state = LockWithRoomIn(ref s_freeSlots);
            s_freeSlots.Add(stack.Slot);
            s_lock.ReleaseIrqRestore(state);
        }

        // Takes the lock with room for one more item in list. Growing a list allocates, and nothing may allocate under
        // this lock: a CPU that stops for a collection while holding it would leave another spinning for it with
        // interrupts masked, which no collection can stop. So the list grows outside the lock.
        private static nuint LockWithRoomIn<T>(ref List<T> list)
        {
            while (true)
            {
                nuint state = s_lock.AcquireIrqSave();
                if (list.Count < list.Capacity) return state;
                int capacity = list.Capacity;
                s_lock.ReleaseIrqRestore(state);
                var bigger = new List<T>(capacity * 2 + 8);
                state = s_lock.AcquireIrqSave();
                if (list.Capacity == capacity && list.Count < bigger.Capacity)
                {
                    for (int i = 0; i < list.Count; i++) bigger.Add(list[i]);
                    list = bigger;
                }
                s_lock.ReleaseIrqRestore(state);
            }
        }

        // With the lock held.
        private static ulong TakeSlot()
        {
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
            return slot < AddressSpace.StackRegionStart + AddressSpace.StackRegionSize ? slot : 0;
        }
    }
}
