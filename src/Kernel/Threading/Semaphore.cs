// A counting semaphore: Wait takes a unit, Release returns units and lets that many waiters through, in order.
using System;

namespace Helios.Kernel.Threading
{
    public sealed class Semaphore : WaitObject
    {
        private int _count;
        private readonly int _maximum;

        public Semaphore(int initialCount, int maximumCount = int.MaxValue)
        {
            if (maximumCount <= 0 || initialCount < 0 || initialCount > maximumCount) throw new ArgumentOutOfRangeException(nameof(initialCount));
            _count = initialCount;
            _maximum = maximumCount;
        }

        public int Count => _count;

        /// <summary>Returns units; throws (changing nothing) if that would exceed the maximum. Returns the old count.</summary>
        public int Release(int units = 1)
        {
            if (units <= 0) throw new ArgumentOutOfRangeException(nameof(units));
            nuint state = WaitDispatcher.Lock();
            int previous = _count;
            if (units > _maximum - _count)
            {
                WaitDispatcher.Unlock(state);
                throw new InvalidOperationException("semaphore released past its maximum of " + _maximum.ToString());
            }
            _count += units;
            WaitDispatcher.WakeWaiters(this);
            WaitDispatcher.Unlock(state);
            return previous;
        }

        public bool Wait(long timeoutNanoseconds = WaitDispatcher.Infinite)
            => WaitDispatcher.WaitOne(this, timeoutNanoseconds) != WaitDispatcher.TimedOut;

        internal override bool CanAcquire(Thread waiter) => _count > 0;

        internal override void Acquire(Thread waiter) => _count--;
    }
}
