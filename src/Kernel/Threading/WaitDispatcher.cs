// Waiting: a thread waits for any one of several objects (the wait-set of Singularity's benchmarks), with an optional
// timeout, and is woken by whoever signals one of them. One lock guards every wait object and every thread's wait
// state; the order is always the dispatcher's lock, then a CPU's lock. Waiting allocates nothing once a thread has
// waited on as many objects before.
using System;
using System.Threading;
using Helios.Kernel.Time;

namespace Helios.Kernel.Threading
{
    public static unsafe class WaitDispatcher
    {
        public const long Infinite = -1;
        public const int TimedOut = -1;
        public const int MaxObjects = 64;
        private const int Pending = int.MinValue;

        private static SpinLock s_lock;

        public static int WaitOne(WaitObject target, long timeoutNanoseconds = Infinite)
            => WaitAny(new ReadOnlySpan<WaitObject>(in target), timeoutNanoseconds);

        /// <summary>Sleeps at least the given time.</summary>
        public static void Sleep(long nanoseconds) => WaitAny(Span<WaitObject>.Empty, Math.Max(nanoseconds, 0));

        /// <summary>
        /// Waits until one of objects can be taken, takes it and returns its index; TimedOut when the timeout (in
        /// nanoseconds; Infinite for none) passes first. With no objects it is a sleep.
        /// </summary>
        public static int WaitAny(ReadOnlySpan<WaitObject> objects, long timeoutNanoseconds = Infinite)
            => Wait(objects, timeoutNanoseconds, null, 0, 0);

        /// <summary>NotWaited: what WaitOneIf returns when its condition no longer held.</summary>
        public const int NotWaited = -2;

        /// <summary>
        /// Waits for target only if condition(a, b) still holds, checked under the dispatcher's lock (no wake-up can
        /// fall between the check and the wait: AddressWaits' futex-like waits). Returns NotWaited when it did not.
        /// </summary>
        internal static unsafe int WaitOneIf(WaitObject target, long timeoutNanoseconds, delegate*<ulong, ulong, bool> condition, ulong a, ulong b)
            => Wait(new ReadOnlySpan<WaitObject>(in target), timeoutNanoseconds, condition, a, b);

        private static unsafe int Wait(ReadOnlySpan<WaitObject> objects, long timeoutNanoseconds, delegate*<ulong, ulong, bool> condition, ulong a, ulong b)
        {
            if (objects.Length > MaxObjects) throw new ArgumentOutOfRangeException(nameof(objects), "at most 64 objects");
            Thread self = Thread.Current;
            nuint state = s_lock.AcquireIrqSave();
            if (condition != null && !condition(a, b))
            {
                s_lock.ReleaseIrqRestore(state);
                return NotWaited;
            }
            for (int i = 0; i < objects.Length; i++)
            {
                WaitObject target = objects[i] ?? throw new ArgumentNullException(nameof(objects));
                if (target.CanAcquire(self))
                {
                    target.Acquire(self);
                    s_lock.ReleaseIrqRestore(state);
                    return i;
                }
            }
            if (timeoutNanoseconds == 0)
            {
                s_lock.ReleaseIrqRestore(state);
                return TimedOut;
            }

            self.WaitResult = Pending;
            self.Deadline = ulong.MaxValue;     // a stale timer of an earlier wait must not end this one
            Link(self, objects);
            // Some objects change without this lock and then look for waiters without it (EndpointSignal.Raise): after
            // linking, look at them again, so that either they see this waiter or it sees their change.
            Interlocked.MemoryBarrier();
            for (int i = 0; i < objects.Length; i++)
            {
                if (!objects[i].CanAcquire(self)) continue;
                Unlink(self);
                objects[i].Acquire(self);
                s_lock.ReleaseIrqRestore(state);
                return i;
            }
            if (timeoutNanoseconds != Infinite) Scheduler.ArmTimer(self, Clock.Now + (ulong)timeoutNanoseconds);
            while (true)
            {
                s_lock.Release();
                Scheduler.Block();
                s_lock.Acquire();
                if (self.WaitResult != Pending) break;      // a wake-up meant for an earlier wait
            }
            int result = self.WaitResult;
            s_lock.ReleaseIrqRestore(state);
            Scheduler.CancelTimer(self);
            return result;
        }

        /// <summary>Called by wait objects whose state changed (with the lock held): hands them to waiters in order.</summary>
        internal static void WakeWaiters(WaitObject target)
        {
            while (target.FirstWaiter is not null && target.CanAcquire(target.FirstWaiter.Thread))
            {
                WaitBlock block = target.FirstWaiter;
                target.Acquire(block.Thread);
                Satisfy(block.Thread, block.Index);
            }
        }

        /// <summary>Like WakeWaiters, but looks at every waiter, not only the first (for objects that pick waiters).</summary>
        internal static void WakeEveryWaiterThatCan(WaitObject target)
        {
            WaitBlock block = target.FirstWaiter;
            while (block is not null)
            {
                WaitBlock next = block.Next;
                if (target.CanAcquire(block.Thread))
                {
                    target.Acquire(block.Thread);
                    Satisfy(block.Thread, block.Index);
                }
                block = next;
            }
        }

        // The tick found this thread's deadline passed (unless a later wait has set a new one since).
        internal static void TimeOut(Thread thread, ulong now)
        {
            nuint state = s_lock.AcquireIrqSave();
            if (thread.WaitResult == Pending && thread.Deadline <= now) Satisfy(thread, TimedOut);
            s_lock.ReleaseIrqRestore(state);
        }

        internal static nuint Lock() => s_lock.AcquireIrqSave();

        internal static void Unlock(nuint state) => s_lock.ReleaseIrqRestore(state);

        private static void Satisfy(Thread thread, int result)
        {
            Unlink(thread);
            thread.WaitResult = result;
            Scheduler.Wake(thread);
        }

        private static void Link(Thread thread, ReadOnlySpan<WaitObject> objects)
        {
            if (thread.WaitBlocks is null || thread.WaitBlocks.Length < objects.Length)
            {
                var blocks = new WaitBlock[Math.Max(objects.Length, 4)];
                for (int i = 0; i < blocks.Length; i++) blocks[i] = new WaitBlock { Thread = thread };
                thread.WaitBlocks = blocks;
            }
            for (int i = 0; i < objects.Length; i++)
            {
                WaitBlock block = thread.WaitBlocks[i];
                WaitObject target = objects[i];
                block.Object = target;
                block.Index = i;
                block.Next = null;
                block.Previous = target.LastWaiter;
                if (target.LastWaiter is null) target.FirstWaiter = block;
                else target.LastWaiter.Next = block;
                target.LastWaiter = block;
            }
            thread.WaitBlockCount = objects.Length;
        }

        private static void Unlink(Thread thread)
        {
            for (int i = 0; i < thread.WaitBlockCount; i++)
            {
                WaitBlock block = thread.WaitBlocks[i];
                WaitObject target = block.Object;
                if (block.Previous is null) target.FirstWaiter = block.Next;
                else block.Previous.Next = block.Next;
                if (block.Next is null) target.LastWaiter = block.Previous;
                else block.Next.Previous = block.Previous;
                block.Previous = block.Next = null;
                block.Object = null;
            }
            thread.WaitBlockCount = 0;
        }
    }
}
