// sched_stress_yield: Helios's scheduler stress test (paper §4.5.1): 16 threads on one CPU each yield N times; the
// figure is per yield. A batch of N operations is N yields in all, spread over the 16 threads.
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class SchedulerStress
    {
        private const int Threads = 16;
        private const ulong Operations = 16 * 500;

        private static ulong s_perThread;

        public static void Run() => Measure.Run("sched_stress_yield", Operations, &Batch);

        private static void Batch(ulong operations)
        {
            s_perThread = operations / Threads;
            var threads = new Thread[Threads - 1];
            for (int i = 0; i < threads.Length; i++)
            {
                threads[i] = new Thread(Yielder, "stress", affinity: 0);
                threads[i].Start();
            }
            Yielder();
            foreach (Thread thread in threads) thread.Join();
        }

        private static void Yielder()
        {
            for (ulong i = 0; i < s_perThread; i++) Thread.Yield();
        }
    }
}
