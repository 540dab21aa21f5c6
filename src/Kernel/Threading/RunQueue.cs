// A CPU's runnable threads in FIFO order (round robin), linked through the threads themselves so that queueing
// never allocates. Guarded by the CPU's lock.
namespace Helios.Kernel.Threading
{
    internal struct RunQueue
    {
        private Thread _head;
        private Thread _tail;

        public int Count { get; private set; }

        public bool IsEmpty => _head is null;

        public void Enqueue(Thread thread)
        {
            thread.NextInQueue = null;
            if (_tail is null) _head = thread;
            else _tail.NextInQueue = thread;
            _tail = thread;
            Count++;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // every block asks, mostly of an empty queue
        public Thread Dequeue()
        {
            Thread thread = _head;
            if (thread is null) return null;
            _head = thread.NextInQueue;
            if (_head is null) _tail = null;
            thread.NextInQueue = null;
            Count--;
            return thread;
        }

        /// <summary>The first thread allowed to run on cpu, removed; for stealing.</summary>
        public Thread DequeueMovable(int cpu)
        {
            Thread previous = null;
            for (Thread thread = _head; thread is not null; previous = thread, thread = thread.NextInQueue)
            {
                if (thread.Affinity != Thread.AnyCpu && thread.Affinity != cpu) continue;
                if (previous is null) _head = thread.NextInQueue;
                else previous.NextInQueue = thread.NextInQueue;
                if (_tail == thread) _tail = previous;
                thread.NextInQueue = null;
                Count--;
                return thread;
            }
            return null;
        }
    }
}
