// What ordinary C# expects of System.Threading.Thread in an app: sleeping and yielding. Threads themselves are the
// host's (a process's threads are the kernel's, Helios.Kernel.Threading.Thread); the runtime creates none.
// A sleep is a wait on a word nobody wakes, with the time as its limit: the thread blocks in the host (a timer wakes
// it), so a sleeping thread costs no CPU, which matters under -icount, where a spinning CPU steals from the others.
using Internal.Runtime;

namespace System.Threading
{
    public sealed class Thread
    {
        private Thread() { }

        /// <summary>Blocks the calling thread for at least millisecondsTimeout (0: lets others run; -1: forever).</summary>
        public static unsafe void Sleep(int millisecondsTimeout)
        {
            if (millisecondsTimeout < -1)
                throw new ArgumentOutOfRangeException(nameof(millisecondsTimeout), "must be -1 (forever) or at least 0");
            if (millisecondsTimeout == 0)
            {
                RuntimeHost.Yield();
                return;
            }
            long never = 0;
            long limit = millisecondsTimeout == Timeout.Infinite ? -1 : millisecondsTimeout * 1_000_000L;
            // Nobody wakes this word; a wake-up before the limit (none is expected) just waits again.
            long started = RuntimeHost.Timestamp();
            while (RuntimeHost.WaitOnAddress(&never, 0, limit))
            {
                if (limit < 0) continue;
                long ticks = RuntimeHost.Timestamp() - started, frequency = Diagnostics.Stopwatch.Frequency;
                long elapsed = ticks / frequency * 1_000_000_000L + ticks % frequency * 1_000_000_000L / frequency;
                if (elapsed >= millisecondsTimeout * 1_000_000L) return;
                limit = millisecondsTimeout * 1_000_000L - elapsed;
            }
        }

        /// <summary>Lets another thread run first; true (the host always offers the CPU).</summary>
        public static bool Yield()
        {
            RuntimeHost.Yield();
            return true;
        }
    }
}
