// Monotonic time in nanoseconds since boot, from the CPU's counter (x86_64: TSC, calibrated at boot; arm64: the
// generic timer's virtual count at CNTFRQ). The same counter on every CPU: QEMU keeps them in step.
using Helios.Kernel.Arch;

namespace Helios.Kernel.Time
{
    public static class Clock
    {
        private static ulong s_start;
        private static ulong s_frequency = 1_000_000_000;
        private static ulong s_scale;       // nanoseconds per count, in 32.32 fixed point

        /// <summary>Counts per second of Platform.ReadCycleCounter.</summary>
        public static ulong Frequency => s_frequency;

        public static ulong Now => CountsToNanoseconds(Processor.ReadCounter() - s_start);

        internal static void Initialize(ulong frequency)
        {
            s_frequency = frequency;
            s_scale = (1_000_000_000UL << 32) / frequency;
            s_start = Processor.ReadCounter();
        }

        public static ulong CountsToNanoseconds(ulong counts)
        {
            ulong high = counts >> 32, low = counts & 0xFFFF_FFFF;
            return high * s_scale + ((low * s_scale) >> 32);
        }

        public static ulong NanosecondsToCounts(ulong nanoseconds) => nanoseconds / 1000 * s_frequency / 1_000_000;
    }
}
