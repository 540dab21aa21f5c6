// Every thread that has a stack, in one list, for whoever must see all stacks at once: the collector's roots
// (Diagnostics/CollectorHostExports.cs). A thread joins when it gets its stack and leaves just before its stack is
// released. The lock masks interrupts, so a CPU stopped for a collection never holds it.
namespace Helios.Kernel.Threading
{
    internal static class ThreadRegistry
    {
        private static SpinLock s_lock;
        private static Thread s_first;
        private static int s_count;

        /// <summary>Threads with a stack.</summary>
        public static int Count => s_count;

        /// <summary>The first thread; with the world stopped, walk on through Thread.NextLive.</summary>
        public static Thread First => s_first;

        public static void Add(Thread thread)
        {
            nuint state = s_lock.AcquireIrqSave();
            thread.NextLive = s_first;
            thread.PreviousLive = null;
            if (s_first is not null) s_first.PreviousLive = thread;
            s_first = thread;
            thread.Registered = true;
            s_count++;
            s_lock.ReleaseIrqRestore(state);
        }

        public static void Remove(Thread thread)
        {
            nuint state = s_lock.AcquireIrqSave();
            if (thread.Registered)
            {
                if (thread.PreviousLive is not null) thread.PreviousLive.NextLive = thread.NextLive;
                else s_first = thread.NextLive;
                if (thread.NextLive is not null) thread.NextLive.PreviousLive = thread.PreviousLive;
                thread.NextLive = thread.PreviousLive = null;
                thread.Registered = false;
                s_count--;
            }
            s_lock.ReleaseIrqRestore(state);
        }
    }
}
