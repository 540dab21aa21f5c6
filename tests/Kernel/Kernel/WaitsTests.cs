// Waiting: events, semaphores, mutexes, waits on several objects, timeouts and sleeps.
using System;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class WaitsTests
    {
        private const long Millisecond = 1_000_000;

        [Test]
        public static void EventsPingPong()
        {
            var ping = new AutoResetEvent();
            var pong = new AutoResetEvent();
            int rounds = 0;
            var partner = new Thread(() =>
            {
                for (int i = 0; i < 1000; i++)
                {
                    ping.Wait();
                    pong.Set();
                }
            });
            partner.Start();
            for (int i = 0; i < 1000; i++)
            {
                ping.Set();
                pong.Wait();
                rounds++;
            }
            partner.Join();
            Assert.Equal(1000, rounds);
        }

        [Test]
        public static void WaitAnyReturnsTheObjectThatWasSignalled()
        {
            var events = new WaitObject[] { new AutoResetEvent(), new AutoResetEvent(), new ManualResetEvent() };
            var setter = new Thread(() => ((AutoResetEvent)events[1]).Set());
            setter.Start();
            Assert.Equal(1, WaitDispatcher.WaitAny(events));
            setter.Join();
            ((ManualResetEvent)events[2]).Set();
            Assert.Equal(2, WaitDispatcher.WaitAny(events));
            Assert.Equal(2, WaitDispatcher.WaitAny(events));        // a manual-reset event stays set
            ((ManualResetEvent)events[2]).Reset();
            Assert.Equal(WaitDispatcher.TimedOut, WaitDispatcher.WaitAny(events, 0));
        }

        [Test]
        public static void WaitsTimeOutNoEarlierThanAsked()
        {
            var never = new AutoResetEvent();
            ulong start = Clock.Now;
            Assert.False(never.Wait(5 * Millisecond));
            Assert.True(Clock.Now - start >= 5 * Millisecond, "timed out after " + (Clock.Now - start).ToString() + " ns");
            start = Clock.Now;
            Thread.Sleep(3 * Millisecond);
            Assert.True(Clock.Now - start >= 3 * Millisecond, "slept " + (Clock.Now - start).ToString() + " ns");
        }

        [Test]
        public static void AManualResetEventReleasesEveryWaiter()
        {
            var gate = new ManualResetEvent();
            int through = 0;
            var threads = new Thread[5];
            for (int i = 0; i < threads.Length; i++)
            {
                threads[i] = new Thread(() =>
                {
                    gate.Wait();
                    System.Threading.Interlocked.Increment(ref through);
                });
                threads[i].Start();
            }
            Thread.Sleep(2 * Millisecond);
            Assert.Equal(0, through);
            gate.Set();
            foreach (Thread thread in threads) thread.Join();
            Assert.Equal(5, through);
        }

        [Test]
        public static void ASemaphoreCountsUnits()
        {
            var units = new Semaphore(2, 3);
            Assert.True(units.Wait(0));
            Assert.True(units.Wait(0));
            Assert.False(units.Wait(0));
            Assert.Equal(0, units.Release(3));
            Assert.Throws<InvalidOperationException>(() => units.Release());
            Assert.Equal(3, units.Count);
        }

        [Test]
        public static void AMutexExcludesAndIsRecursive()
        {
            var mutex = new Mutex();
            long shared = 0;
            var threads = new Thread[4];
            for (int t = 0; t < threads.Length; t++)
            {
                threads[t] = new Thread(() =>
                {
                    for (int i = 0; i < 200; i++)
                    {
                        mutex.Acquire();
                        mutex.Acquire();
                        long value = shared;
                        if ((i & 15) == 0) Thread.Yield();
                        shared = value + 1;
                        mutex.Release();
                        mutex.Release();
                    }
                });
                threads[t].Start();
            }
            foreach (Thread thread in threads) thread.Join();
            Assert.Equal(800L, shared);
            Assert.Null(mutex.Owner);
            Assert.Throws<InvalidOperationException>(() => mutex.Release());
        }

        // C#'s lock between threads on every CPU: the contended path sleeps on the lock word and is woken.
        [Test]
        public static void LockExcludesAcrossThreads()
        {
            var gate = new object();
            long shared = 0;
            var threads = new Thread[4];
            for (int t = 0; t < threads.Length; t++)
            {
                threads[t] = new Thread(() =>
                {
                    for (int i = 0; i < 500; i++)
                    {
                        lock (gate)
                        {
                            long value = shared;
                            if ((i & 31) == 0) Thread.Yield();
                            shared = value + 1;
                        }
                    }
                });
                threads[t].Start();
            }
            foreach (Thread thread in threads) thread.Join();
            Assert.Equal(2000L, shared);
        }
    }
}
