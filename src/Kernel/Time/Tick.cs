// The periodic timer interrupt every CPU runs: it times out waits and ends quanta (Scheduler.Tick). 1000 Hz unless
// the command line says tick=<hz> (10 to 10000).
using Helios.Kernel.Boot;

namespace Helios.Kernel.Time
{
    public static class Tick
    {
        public const uint DefaultHz = 1000;

        private static uint s_hz = DefaultHz;

        public static uint Frequency => s_hz;

        internal static uint Hz(BootInfo boot)
        {
            string value = new CommandLine(boot.CommandLine).GetValue("tick");
            if (value is not null && uint.TryParse(value, out uint hz) && hz >= 10 && hz <= 10000) s_hz = hz;
            return s_hz;
        }
    }
}
