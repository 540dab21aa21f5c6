// timer_irq: from the timer's deadline to the first instruction of its managed handler: the trap entry, the register
// save, the controller's acknowledgement and the dispatch. Each repetition is one interrupt (no batch: an interrupt
// cannot be batched), after one warm-up.
using Helios.Kernel.Arch;
using Helios.Kernel.Time;

namespace Helios.Kernel.Bench.Cases
{
    internal static class TimerInterrupt
    {
        public static void Run()
        {
            Platform platform = Platform.Current;
            ulong delay = Clock.Frequency / 10_000;     // 100 µs ahead: the CPU is halted well before
            TimerProbe.Measure(delay);
            var latencies = new ulong[Measure.Repetitions];
            for (int i = 0; i < latencies.Length; i++) latencies[i] = platform.CounterToBenchmarkUnits(TimerProbe.Measure(delay));
            Measure.Report("timer_irq", latencies);
        }
    }
}
