// Collections while every CPU runs threads that allocate and keep linked structures (category "smp": four CPUs, no
// -icount). Each collection stops the other CPUs wherever their threads are; every structure must check out.
using System;
using System.Threading;
using Helios.Kernel.Cpus;
using Helios.Testing;
using Internal.Runtime;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static partial class SmpTests
    {
        [Test(Category = Category)]
        public static void CollectionsWhileOtherCpusRunThreads()
        {
            int workers = Cpu.Count * 2;
            var threads = new Thread[workers];
            var intact = new bool[workers];
            int finished = 0;
            ulong collections = Heap.Collections;
            for (int i = 0; i < workers; i++)
            {
                int index = i;
                threads[i] = new Thread(() =>
                {
                    bool ok = true;
                    for (int round = 0; round < 6; round++)
                    {
                        long seed = index * 1_000_000L + round * 10_000L;
                        var kept = GcTests.Build(2_000, seed);
                        GcTests.Churn(6 << 20);
                        ok &= GcTests.Check(kept, 2_000, seed);
                    }
                    intact[index] = ok;
                    Interlocked.Increment(ref finished);
                }, "gc worker " + i.ToString(), affinity: i % Cpu.Count);
                threads[i].Start();
            }
            // This thread collects on request too, while the workers run.
            while (Volatile.Read(ref finished) < workers)
            {
                GC.Collect();
                Thread.Sleep(5_000_000);
            }
            for (int i = 0; i < workers; i++)
            {
                Assert.True(threads[i].Join(), threads[i].Name);
                Assert.True(intact[i], "worker " + i.ToString() + "'s structures survived");
            }
            Assert.True(Heap.Collections > collections + 4, "collections: " + (Heap.Collections - collections).ToString());
        }
    }
}
