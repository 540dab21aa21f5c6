// A mutex that blocks rather than spins: owned by one thread at a time, recursively; released in waiting order.
// Releasing a mutex the caller does not own is an error.
using System;

namespace Helios.Kernel.Threading
{
    public sealed class Mutex : WaitObject
    {
        private Thread _owner;
        private int _depth;

        public Thread Owner => _owner;

        public bool Acquire(long timeoutNanoseconds = WaitDispatcher.Infinite)
            => WaitDispatcher.WaitOne(this, timeoutNanoseconds) != WaitDispatcher.TimedOut;

        public void Release()
        {
            nuint state = WaitDispatcher.Lock();
            if (_owner != Thread.Current)
            {
                WaitDispatcher.Unlock(state);
                throw new InvalidOperationException("a mutex was released by a thread that does not own it");
            }
            if (--_depth == 0)
            {
                _owner = null;
                WaitDispatcher.WakeWaiters(this);
            }
            WaitDispatcher.Unlock(state);
        }

        internal override bool CanAcquire(Thread waiter) => _owner is null || _owner == waiter;

        internal override void Acquire(Thread waiter)
        {
            _owner = waiter;
            _depth++;
        }
    }
}
