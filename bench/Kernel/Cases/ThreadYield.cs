// thread_yield: two threads on one CPU each yield in a loop, so every yield switches to the other thread. A batch of
// N operations is N yields in all, N/2 by each thread; the partner lives for the whole case and is started per batch
// through an event (as Linux's sched_yield case does through a futex).
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class ThreadYield
    {
        private const ulong Operations = 2000;

        private static AutoResetEvent s_start;
        private static AutoResetEvent s_done;
        private static ulong s_perThread;
        private static bool s_quit;

        public static void Run()
        {
            s_start = new AutoResetEvent();
            s_done = new AutoResetEvent();
            var partner = new Thread(Partner, "yield partner", affinity: 0);
            partner.Start();
            Measure.Run("thread_yield", Operations, &Batch);
            s_quit = true;
            s_start.Set();
            partner.Join();
        }

        private static void Partner()
        {
            while (true)
            {
                s_start.Wait();
                if (s_quit) return;
                for (ulong i = 0; i < s_perThread; i++) Thread.Yield();
                s_done.Set();
            }
        }

        private static void Batch(ulong operations)
        {
            s_perThread = operations / 2;
            s_start.Set();
            for (ulong i = 0; i < operations / 2; i++) Thread.Yield();
            s_done.Wait();
        }
    }
}
