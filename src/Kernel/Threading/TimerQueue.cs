// A CPU's threads waiting for a deadline (sleeps and wait timeouts), sorted by deadline and linked through the
// threads. Guarded by the CPU's lock; the tick takes the expired ones out and times their waits out.
namespace Helios.Kernel.Threading
{
    internal struct TimerQueue
    {
        private Thread _head;

        public ulong NextDeadline => _head?.Deadline ?? ulong.MaxValue;

        public void Add(Thread thread, ulong deadline)
        {
            thread.Deadline = deadline;
            thread.TimerArmed = true;
            if (_head is null || deadline < _head.Deadline)
            {
                thread.NextTimer = _head;
                _head = thread;
                return;
            }
            Thread at = _head;
            while (at.NextTimer is not null && at.NextTimer.Deadline <= deadline) at = at.NextTimer;
            thread.NextTimer = at.NextTimer;
            at.NextTimer = thread;
        }

        public void Remove(Thread thread)
        {
            if (!thread.TimerArmed) return;
            thread.TimerArmed = false;
            if (_head == thread)
            {
                _head = thread.NextTimer;
            }
            else
            {
                Thread at = _head;
                while (at is not null && at.NextTimer != thread) at = at.NextTimer;
                if (at is not null) at.NextTimer = thread.NextTimer;
            }
            thread.NextTimer = null;
        }

        /// <summary>Unlinks every thread whose deadline is at or before now; returns them as a list through NextTimer.</summary>
        public Thread TakeExpired(ulong now)
        {
            Thread expired = null, last = null;
            while (_head is not null && _head.Deadline <= now)
            {
                Thread thread = _head;
                _head = thread.NextTimer;
                thread.NextTimer = null;
                thread.TimerArmed = false;
                if (last is null) expired = thread;
                else last.NextTimer = thread;
                last = thread;
            }
            return expired;
        }
    }
}
