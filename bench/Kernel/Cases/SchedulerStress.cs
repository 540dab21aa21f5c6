// sched_stress_yield: Helios's scheduler stress test (paper §4.5.1, Fig. 9): 16 threads each yield N/16 times; the
// figure is per yield. A batch of N operations is N yields in all, spread over the 16 threads.
// - sched_stress_yield: all 16 on CPU 0 (the benchmark machine's figure).
// - sched_stress_yield_spread: the 16 spread over every CPU of the machine, on one kernel (smp4: 4 a CPU) or on two
//   (numa2x2: 8 a kernel, 4 a CPU, both kernels at once: k0 asks k1's bench server to run its 8 and answers when they
//   are done). Under -icount every CPU's instructions advance one clock, so the figure is all CPUs' instructions per
//   yield: what locks, IPIs and a shared run queue cost shows; parallel speed-up cannot (docs/benchmarking.md).
using Helios.Kernel.Cpus;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Threading;

namespace Helios.Kernel.Bench.Cases
{
    internal static unsafe class SchedulerStress
    {
        private const int Threads = 16;
        private const ulong Operations = 16 * 500;

        // The spread run's batch is ten times longer, so that what each batch pays once (making 16 threads, and on two
        // kernels the round trip that starts and ends k1's share, about 11,000 instructions) weighs a tenth as much
        // beside the yields: the steady state is what Fig. 9 compares.
        private const ulong SpreadOperations = 16 * 5000;

        /// <summary>Yields per thread in a batch, and threads a kernel of two runs: k1 runs its share (RemoteBenchServer).</summary>
        internal const ulong YieldsPerThread = SpreadOperations / Threads;
        internal const int ThreadsPerKernelOfTwo = Threads / 2;

        private static ulong s_perThread;

        public static void Run() => Measure.Run("sched_stress_yield", Operations, &Batch);

        /// <summary>The spread run, on a machine of one kernel or two (more: nothing is printed).</summary>
        public static void RunSpread()
        {
            if (KernelRole.Count > 2) return;
            int cpus = Cpu.Count * KernelRole.Count;      // numa<D>x<C>: every kernel has as many
            Measure.Run("sched_stress_yield_spread", SpreadOperations, &SpreadBatch,
                "threads=" + Threads.ToString() + " cpus=" + cpus.ToString() + " kernels=" + KernelRole.Count.ToString());
        }

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

        private static void SpreadBatch(ulong operations)
        {
            s_perThread = operations / Threads;
            bool two = KernelRole.Count == 2;
            if (two) RemoteChannels.StartSchedulerStress();
            RunHere(two ? ThreadsPerKernelOfTwo : Threads, s_perThread);
            if (two) RemoteChannels.AwaitSchedulerStress();
        }

        /// <summary>
        /// count threads over this kernel's CPUs, each yielding perThread times once all are made; returns when all are
        /// done. The gate matters: a thread that ran as soon as it was made would yield alone on its CPU until the next
        /// one came, and a yield with nothing to switch to costs a fraction of one that switches. One kernel making 16
        /// threads staggers them twice as long as each of two kernels making 8, so without it smp4 won by that alone.
        /// </summary>
        internal static void RunHere(int count, ulong perThread)
        {
            s_perThread = perThread;
            s_gate = new ManualResetEvent();
            var threads = new Thread[count];
            for (int i = 0; i < count; i++)
            {
                threads[i] = new Thread(GatedYielder, "stress", affinity: i % Cpu.Count);
                threads[i].Start();
            }
            s_gate.Set();
            foreach (Thread thread in threads) thread.Join();
        }

        private static ManualResetEvent s_gate;

        private static void GatedYielder()
        {
            s_gate.Wait();
            Yielder();
        }

        private static void Yielder()
        {
            for (ulong i = 0; i < s_perThread; i++) Thread.Yield();
        }
    }
}
