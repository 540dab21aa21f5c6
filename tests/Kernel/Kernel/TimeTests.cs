// Time: the clock is monotonic, and the tick runs at the configured rate against it.
using Helios.Kernel.Cpus;
using Helios.Kernel.Time;
using Helios.Testing;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class TimeTests
    {
        [Test]
        public static void TheClockIsMonotonic()
        {
            ulong previous = Clock.Now;
            for (int i = 0; i < 10000; i++)
            {
                ulong now = Clock.Now;
                Assert.True(now >= previous, "the clock went back");
                previous = now;
            }
        }

        // Ticks counted over 100 ms of the clock match the rate, within 2. Without -icount a host that stops QEMU for a
        // while (a loaded CI machine) makes the virtual timer skip ticks in that window: a wrong rate fails every one of
        // five windows, a stall only the one it hit.
        [Test]
        public static void TheTickRunsAtItsRate()
        {
            Cpu cpu = Cpu.Current;
            string windows = "";
            for (int attempt = 0; attempt < 5; attempt++)
            {
                ulong ticks = cpu.Ticks;
                ulong start = Clock.Now;
                Thread.Sleep(100_000_000);
                ulong elapsed = Clock.Now - start;
                ulong counted = cpu.Ticks - ticks;
                ulong expected = elapsed * Tick.Frequency / 1_000_000_000;
                if (counted + 2 >= expected && counted <= expected + 2) return;
                windows += (windows.Length == 0 ? "" : "; ") + counted.ToString() + " ticks in " + elapsed.ToString() + " ns";
            }
            Assert.True(false, windows + " at " + Tick.Frequency.ToString() + " Hz");
        }
    }
}
