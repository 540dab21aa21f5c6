// Measures timer interrupt latency: how long from the moment the timer fires to the first instruction of its
// managed handler (the timer_irq benchmark). The probe replaces this CPU's tick with one one-shot deadline, halts
// until the interrupt has been taken, and puts the tick back.
using Helios.Kernel.Arch;

namespace Helios.Kernel.Time
{
    public static class TimerProbe
    {
        private static bool s_armed;
        private static ulong s_deadline;
        private static ulong s_entry;

        /// <summary>Whether the next timer interrupt belongs to the probe (the platforms' tick handlers ask first).</summary>
        internal static bool Armed => s_armed;

        /// <summary>The tick handler's first act while the probe is armed.</summary>
        internal static void Hit(ulong now)
        {
            s_entry = now;
            s_armed = false;
        }

        /// <summary>Counter units from the timer's deadline to its handler, with the timer set delay units ahead.</summary>
        public static ulong Measure(ulong delay)
        {
            Platform platform = Platform.Current;
            nuint state = Processor.DisableInterrupts();
            s_armed = true;
            s_deadline = platform.ArmOneShot(delay);
            while (s_armed) Processor.WaitForInterrupt();
            platform.StartTick(Tick.Frequency);
            Processor.RestoreInterrupts(state);
            return s_entry - s_deadline;
        }
    }
}
