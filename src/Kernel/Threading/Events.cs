// Events: an auto-reset event lets one waiter through per Set; a manual-reset event stays open until Reset.
namespace Helios.Kernel.Threading
{
    public sealed class AutoResetEvent : WaitObject
    {
        private bool _signaled;

        public AutoResetEvent(bool initiallySignaled = false) { _signaled = initiallySignaled; }

        /// <summary>Lets one waiter through (the first in line), or the next thread to wait if none is waiting.</summary>
        public void Set()
        {
            nuint state = WaitDispatcher.Lock();
            _signaled = true;
            WaitDispatcher.WakeWaiters(this);
            WaitDispatcher.Unlock(state);
        }

        public void Reset()
        {
            nuint state = WaitDispatcher.Lock();
            _signaled = false;
            WaitDispatcher.Unlock(state);
        }

        public bool Wait(long timeoutNanoseconds = WaitDispatcher.Infinite)
            => WaitDispatcher.WaitOne(this, timeoutNanoseconds) != WaitDispatcher.TimedOut;

        internal override bool CanAcquire(Thread waiter) => _signaled;

        internal override void Acquire(Thread waiter) => _signaled = false;
    }

    public sealed class ManualResetEvent : WaitObject
    {
        private bool _signaled;

        public ManualResetEvent(bool initiallySignaled = false) { _signaled = initiallySignaled; }

        public bool IsSet => _signaled;

        /// <summary>Releases every waiter, and every later one until Reset.</summary>
        public void Set()
        {
            nuint state = WaitDispatcher.Lock();
            _signaled = true;
            WaitDispatcher.WakeWaiters(this);
            WaitDispatcher.Unlock(state);
        }

        public void Reset()
        {
            nuint state = WaitDispatcher.Lock();
            _signaled = false;
            WaitDispatcher.Unlock(state);
        }

        public bool Wait(long timeoutNanoseconds = WaitDispatcher.Infinite)
            => WaitDispatcher.WaitOne(this, timeoutNanoseconds) != WaitDispatcher.TimedOut;

        internal override bool CanAcquire(Thread waiter) => _signaled;

        internal override void Acquire(Thread waiter) { }
    }
}
