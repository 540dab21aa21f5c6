// Every CPU comes online, runs threads, and CPUs hand work to each other without losing any. These run in a boot of
// their own with four CPUs and without -icount (category "smp"): under -icount QEMU runs the CPUs in turn, giving a
// busy CPU 100 ms of virtual time before the next gets any, which hides the very concurrency tested here.
using System;
using System.Threading;
using Helios.Kernel.Boot;
using Helios.Kernel.Cpus;
using Helios.Kernel.Threading;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static partial class SmpTests
    {
        public const string Category = "smp";

        [Test(Category = Category)]
        public static void EveryCpuComesOnline()
        {
            string expected = new CommandLine(KernelMain.BootInfo.CommandLine).GetValue("expect.cpus");
            Assert.Equal(int.Parse(expected ?? "0"), Cpu.Count);
            Assert.Equal(Cpu.Count, Smp.OnlineCount);
        }

        [Test(Category = Category)]
        public static void EveryCpuRunsThreads()
        {
            var ranOn = new int[Cpu.Count];
            var threads = new Thread[Cpu.Count];
            for (int i = 0; i < Cpu.Count; i++)
            {
                int index = i;
                threads[i] = new Thread(() => ranOn[index] = Cpu.Current.Index + 1, "on cpu " + i.ToString(), affinity: i);
                threads[i].Start();
            }
            for (int i = 0; i < Cpu.Count; i++)
            {
                Assert.True(threads[i].Join(1_000_000_000), "the thread for CPU " + i.ToString() + " did not finish");
                Assert.Equal(i + 1, ranOn[i]);
            }
        }

        // A bounded queue between a producer on one CPU and a consumer on another: every message arrives once, in order.
        [Test(Category = Category)]
        public static void ProducerAndConsumerOnTwoCpusLoseNothing()
        {
            const int messages = 100_000;
            const int capacity = 64;
            var slots = new int[capacity];
            var free = new Semaphore(capacity, capacity);
            var full = new Semaphore(0, capacity);
            var queueLock = new Mutex();
            int head = 0, tail = 0;
            int received = 0, outOfOrder = 0;
            long sum = 0;
            int producerCpu = 0, consumerCpu = Cpu.Count > 1 ? 1 : 0;
            var producer = new Thread(() =>
            {
                for (int i = 1; i <= messages; i++)
                {
                    free.Wait();
                    queueLock.Acquire();
                    slots[tail] = i;
                    tail = (tail + 1) % capacity;
                    queueLock.Release();
                    full.Release();
                }
            }, "producer", affinity: producerCpu);
            var consumer = new Thread(() =>
            {
                int expected = 1;
                for (int i = 0; i < messages; i++)
                {
                    full.Wait();
                    queueLock.Acquire();
                    int value = slots[head];
                    head = (head + 1) % capacity;
                    queueLock.Release();
                    free.Release();
                    if (value != expected) outOfOrder++;
                    expected = value + 1;
                    sum += value;
                    received++;
                }
            }, "consumer", affinity: consumerCpu);
            producer.Start();
            consumer.Start();
            producer.Join();
            consumer.Join();
            Assert.Equal(messages, received);
            Assert.Equal(0, outOfOrder);
            Assert.Equal((long)messages * (messages + 1) / 2, sum);
        }

        [Test(Category = Category)]
        public static void ThreadsWithoutAffinitySpreadOverCpus()
        {
            if (Cpu.Count < 2) return;
            var seen = new bool[Cpu.Count];
            bool stop = false;
            var threads = new Thread[Cpu.Count * 2];
            for (int i = 0; i < threads.Length; i++)
            {
                threads[i] = new Thread(() =>
                {
                    while (!Volatile.Read(ref stop)) seen[Cpu.Current.Index] = true;
                });
                threads[i].Start();
            }
            Thread.Sleep(50_000_000);
            Volatile.Write(ref stop, true);
            foreach (Thread thread in threads) thread.Join();
            for (int i = 0; i < seen.Length; i++)
                Assert.True(seen[i], "CPU " + i.ToString() + " never ran one of the threads (ticks " + Cpu.All[i].Ticks.ToString() + ", switches " + Cpu.All[i].Switches.ToString() + ")");
        }

        // C#'s lock with a thread on every CPU hammering it: really concurrent here (no -icount).
        [Test(Category = Category)]
        public static void LockHoldsAcrossCpus()
        {
            var gate = new object();
            long shared = 0;
            var threads = new Thread[Cpu.Count];
            for (int i = 0; i < threads.Length; i++)
            {
                threads[i] = new Thread(() =>
                {
                    for (int n = 0; n < 20_000; n++)
                        lock (gate) shared++;
                }, "locker " + i.ToString(), affinity: i);
                threads[i].Start();
            }
            foreach (Thread thread in threads) thread.Join();
            Assert.Equal(20_000L * Cpu.Count, shared);
        }
    }
}
