// Monitor (C#'s `lock`): a lock in each object's header word. Uncontended, entering and leaving are one atomic
// compare-and-swap each; a thread that finds the lock held marks it contended and sleeps on the word (the host's
// futex-like wait), and leaving a contended lock wakes the sleepers. Recursive, owned by a thread (the host's thread
// id). Monitor.Wait/Pulse are not provided yet.
//   header word: bits 0-31 owner thread id (0: free), bits 32-62 recursion count, bit 63 contended
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System.Threading
{
    public static unsafe class Monitor
    {
        private const long OwnerMask = 0xFFFF_FFFF;
        private const long OneLevel = 1L << 32;
        private const long Contended = long.MinValue;
        private const long CountMask = ~OwnerMask & ~Contended;

        public static void Enter(object obj)
        {
            bool taken = false;
            Enter(obj, ref taken);
        }

        public static void Enter(object obj, ref bool lockTaken)
        {
            if (lockTaken) throw new ArgumentException("The lockTaken argument must be false.", nameof(lockTaken));
            TryEnter(obj, -1, ref lockTaken);
        }

        public static bool TryEnter(object obj)
        {
            bool taken = false;
            TryEnter(obj, 0, ref taken);
            return taken;
        }

        public static bool TryEnter(object obj, int millisecondsTimeout)
        {
            bool taken = false;
            TryEnter(obj, millisecondsTimeout, ref taken);
            return taken;
        }

        public static void TryEnter(object obj, ref bool lockTaken) => TryEnter(obj, 0, ref lockTaken);

        public static void TryEnter(object obj, int millisecondsTimeout, ref bool lockTaken)
        {
            if (lockTaken) throw new ArgumentException("The lockTaken argument must be false.", nameof(lockTaken));
            if (millisecondsTimeout < -1) throw new ArgumentOutOfRangeException(nameof(millisecondsTimeout));
            long* word = Header(obj);
            long me = Me();
            while (true)
            {
                long value = Volatile.Read(ref *word);
                long owner = value & OwnerMask;
                if (owner == 0)
                {
                    if (Interlocked.CompareExchange(ref *word, (value & Contended) | OneLevel | me, value) != value) continue;
                    lockTaken = true;
                    return;
                }
                if (owner == me)
                {
                    if ((value & CountMask) == CountMask) throw new OverflowException("Monitor: too many nested enters");
                    if (Interlocked.CompareExchange(ref *word, value + OneLevel, value) != value) continue;
                    lockTaken = true;
                    return;
                }
                if (millisecondsTimeout == 0) return;
                long waiting = value | Contended;
                if (value != waiting && Interlocked.CompareExchange(ref *word, waiting, value) != value) continue;
                // A timed wait gives up at its timeout; the loop then finds the lock held and returns.
                if (!RuntimeHost.WaitOnAddress(word, waiting, millisecondsTimeout < 0 ? -1 : millisecondsTimeout * 1_000_000L))
                    millisecondsTimeout = 0;
            }
        }

        public static void Exit(object obj)
        {
            long* word = Header(obj);
            long me = Me();
            while (true)
            {
                long value = Volatile.Read(ref *word);
                if ((value & OwnerMask) != me)
                    throw new SynchronizationLockException("Object synchronization method was called from an unsynchronized block of code.");
                long next = (value & CountMask) > OneLevel ? value - OneLevel : 0;
                if (Interlocked.CompareExchange(ref *word, next, value) != value) continue;
                if (next == 0 && (value & Contended) != 0) RuntimeHost.WakeAddress(word);
                return;
            }
        }

        public static bool IsEntered(object obj) => (Volatile.Read(ref *Header(obj)) & OwnerMask) == Me();

        // The word before the object's MethodTable pointer: its header, which nothing else uses in this runtime.
        private static long* Header(object obj)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            return (long*)*(nint*)Unsafe.AsPointer(ref obj) - 1;
        }

        // Thread ids start at 1; before threads exist the one flow of control counts as thread 1.
        private static long Me()
        {
            int id = RuntimeHost.CurrentThreadId();
            return id == 0 ? 1 : id;
        }
    }
}
