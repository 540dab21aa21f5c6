// Waiting for a word of memory to change, as Linux's futex: a thread sleeps only if the word still holds what it
// expects (checked under the dispatcher's lock, so a wake-up cannot slip in between), and whoever changes it wakes
// the threads waiting on that address. The runtime's Monitor (C# `lock`) blocks this way on a contended lock.
// Addresses hash into a few buckets; each bucket is a wait object that lets through exactly the waiters woken.
namespace Helios.Kernel.Threading
{
    public static unsafe class AddressWaits
    {
        private const int Buckets = 64;

        private sealed class Bucket : WaitObject
        {
            internal override bool CanAcquire(Thread waiter) => waiter.AddressWoken;

            internal override void Acquire(Thread waiter) => waiter.AddressWoken = false;
        }

        private static readonly Bucket[] s_buckets = CreateBuckets();

        /// <summary>Sleeps until woken at address if *address == expected; false on timeout.</summary>
        public static bool Wait(long* address, long expected, long timeoutNanoseconds = WaitDispatcher.Infinite)
        {
            Thread self = Thread.Current;
            self.WaitAddress = (ulong)address;
            self.AddressWoken = false;
            int result = WaitDispatcher.WaitOneIf(BucketOf(address), timeoutNanoseconds, &StillHolds, (ulong)address, (ulong)expected);
            self.WaitAddress = 0;
            return result != WaitDispatcher.TimedOut;
        }

        /// <summary>Wakes every thread waiting at address.</summary>
        public static void WakeAll(long* address)
        {
            Bucket bucket = BucketOf(address);
            nuint state = WaitDispatcher.Lock();
            for (WaitBlock block = bucket.FirstWaiter; block is not null; block = block.Next)
                if (block.Thread.WaitAddress == (ulong)address) block.Thread.AddressWoken = true;
            WaitDispatcher.WakeEveryWaiterThatCan(bucket);
            WaitDispatcher.Unlock(state);
        }

        private static bool StillHolds(ulong address, ulong expected) => *(long*)address == (long)expected;

        private static Bucket BucketOf(long* address) => s_buckets[(int)(((ulong)address >> 3) % Buckets)];

        private static Bucket[] CreateBuckets()
        {
            var buckets = new Bucket[Buckets];
            for (int i = 0; i < Buckets; i++) buckets[i] = new Bucket();
            return buckets;
        }
    }
}
