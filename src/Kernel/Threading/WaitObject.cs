// Something a thread can wait for: an event, a semaphore, a mutex, another thread. Each keeps its waiters in FIFO
// order (WaitBlocks, one per thread per object waited on); when it becomes signalled the wait dispatcher hands it to
// waiters in that order for as long as it stays acquirable. All state is guarded by the dispatcher's lock.
namespace Helios.Kernel.Threading
{
    public abstract class WaitObject
    {
        internal WaitBlock FirstWaiter;
        internal WaitBlock LastWaiter;

        /// <summary>Whether waiter could take the object now.</summary>
        internal abstract bool CanAcquire(Thread waiter);

        /// <summary>Takes the object for waiter (an auto-reset event resets, a semaphore counts down, a mutex is owned).</summary>
        internal abstract void Acquire(Thread waiter);
    }

    // One thread waiting on one object: linked into the object's waiter list while the wait lasts.
    internal sealed class WaitBlock
    {
        public Thread Thread;
        public WaitObject Object;
        public int Index;           // the object's position in the thread's wait: what WaitAny returns
        public WaitBlock Previous;
        public WaitBlock Next;
    }
}
