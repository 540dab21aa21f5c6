// Kernel threads: start, run, yield, join, exit and free their stacks; preemption by the tick.
using System;
using System.Threading;
using Helios.Kernel.Cpus;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class ThreadsTests
    {
        [Test]
        public static void ThreadsRunAndAreJoined()
        {
            int total = 0;
            var threads = new Thread[8];
            for (int i = 0; i < threads.Length; i++)
            {
                int value = i + 1;
                threads[i] = new Thread(() => Interlocked.Add(ref total, value), "adder " + i.ToString());
                threads[i].Start();
            }
            foreach (Thread thread in threads) Assert.True(thread.Join(), thread.Name);
            Assert.Equal(36, total);
            foreach (Thread thread in threads) Assert.Equal(ThreadState.Exited, thread.State);
        }

        [Test]
        public static void YieldAlternatesBetweenThreadsOnOneCpu()
        {
            var log = new char[20];
            int next = 0;
            Action body(char name) => () =>
            {
                for (int i = 0; i < 10; i++)
                {
                    log[next++] = name;
                    Thread.Yield();
                }
            };
            var a = new Thread(body('a'), "a", affinity: Cpu.Current.Index);
            var b = new Thread(body('b'), "b", affinity: Cpu.Current.Index);
            a.Start();
            b.Start();
            a.Join();
            b.Join();
            Assert.Equal("abababababababababab", new string(log));
        }

        // Exited threads' stacks are reused, so many short-lived threads cost no more memory than one; trimming the
        // pool gives every frame back.
        [Test]
        public static void ExitedThreadsGiveTheirStacksBack()
        {
            KernelStacks.Trim();
            ulong initially = Frames.FreeFrames;
            var first = new Thread(() => { }, "first");
            first.Start();
            first.Join();
            Thread.Sleep(1_000_000);            // the exited thread's stack is released by the next thread on its CPU
            ulong withOne = Frames.FreeFrames;
            for (int round = 0; round < 50; round++)
            {
                var thread = new Thread(() => { }, "short-lived", affinity: 0);
                thread.Start();
                thread.Join();
            }
            Thread.Sleep(1_000_000);
            Assert.True(Frames.FreeFrames >= withOne, "50 more threads kept " + (withOne - Frames.FreeFrames).ToString() + " frames");
            KernelStacks.Trim();
            Assert.Equal(0, KernelStacks.Pooled);
            Assert.True(Frames.FreeFrames + 64 >= initially, "frames not returned: " + (initially - Frames.FreeFrames).ToString());
        }

        [Test]
        public static void TheTickPreemptsABusyThread()
        {
            bool stop = false;
            int cpu = Cpu.Current.Index;
            var spinner = new Thread(() => { while (!Volatile.Read(ref stop)) { } }, "spinner", affinity: cpu);
            int ran = 0;
            var other = new Thread(() => ran = 1, "other", affinity: cpu);
            spinner.Start();
            other.Start();
            Assert.True(other.Join(2_000_000_000), "a thread never ran beside a busy one");
            Volatile.Write(ref stop, true);
            spinner.Join();
            Assert.Equal(1, ran);
        }

        // Shares are measured twice: the CPU time the scheduler gave each thread, and the work each got done (which
        // under -icount is instructions, so the two agree).
        [Test]
        public static void BusyThreadsOnOneCpuGetFairShares()
        {
            const int count = 4;
            var work = new long[count];
            bool stop = false;
            int cpu = Cpu.Current.Index;
            var threads = new Thread[count];
            for (int i = 0; i < count; i++)
            {
                int index = i;
                threads[i] = new Thread(() =>
                {
                    long done = 0;
                    while (!Volatile.Read(ref stop)) done++;
                    work[index] = done;
                }, "worker " + i.ToString(), affinity: cpu);
                threads[i].Start();
            }
            Thread.Sleep(200_000_000);
            Volatile.Write(ref stop, true);
            foreach (Thread thread in threads) thread.Join();
            ulong minTime = ulong.MaxValue, maxTime = 0;
            long minWork = long.MaxValue, maxWork = 0;
            for (int i = 0; i < count; i++)
            {
                minTime = Math.Min(minTime, threads[i].RunTime);
                maxTime = Math.Max(maxTime, threads[i].RunTime);
                minWork = Math.Min(minWork, work[i]);
                maxWork = Math.Max(maxWork, work[i]);
            }
            Assert.True(minWork > 0, "a worker never ran");
            Assert.True(maxTime - minTime <= maxTime / 10, "CPU time differs by more than 10%: " + minTime.ToString() + " .. " + maxTime.ToString() + " ns");
            Assert.True(maxWork - minWork <= maxWork / 10, "work differs by more than 10%: " + minWork.ToString() + " .. " + maxWork.ToString());
        }

        [Test]
        public static void AnExceptionInsideAThreadIsCaughtThere()
        {
            string caught = null;
            var thread = new Thread(() =>
            {
                try { throw new InvalidOperationException("inside"); }
                catch (InvalidOperationException e) { caught = e.Message; }
            });
            thread.Start();
            thread.Join();
            Assert.Equal("inside", caught);
        }
    }
}
