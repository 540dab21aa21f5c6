// satellite_death_detect (issue 15's target: a hung satellite is declared dead within its timeout + 2 ms of the
// coordinator's clock): k1's bench server, asked, marks the counter in the machine page (MachineStatus.MarkHang), masks
// interrupts and spins; the coordinator's watch declares it dead from its own tick, and the figure is the time from
// the hang to that tick, in microseconds of the one clock -icount gives every CPU. One figure a machine: k1 does not
// come back, so this runs last, alone, on a numa2 machine of its own (the machine then ends with status 3).
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Multikernel;
using Helios.Kernel.Time;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Bench.Cases
{
    internal static class SatelliteDeath
    {
        public static void Run()
        {
            if (KernelRole.Count != 2) return;
            RemoteChannels.AskToHang();
            // Block, never spin: under -icount a spinning coordinator would be the clock the satellite's death is timed by.
            for (int waited = 0; !SatelliteWatch.IsDead(1); waited++)
            {
                if (waited > 10 * SatelliteWatch.TimeoutMilliseconds)
                {
                    KernelConsole.WriteLine("satellite_death_detect: k1 was not declared dead in " + waited.ToString() + " ms");
                    return;
                }
                Thread.Sleep(1_000_000);
            }
            ulong noticed = SatelliteWatch.NoticedAfter(1);
            if (noticed == 0)
            {
                KernelConsole.WriteLine("satellite_death_detect: k1 was declared dead, but not for the hang it was asked for");
                return;
            }
            ulong micros = Clock.CountsToNanoseconds(noticed) / 1000;
            KernelConsole.WriteLine("RESULT name=satellite_death_detect unit=us median=" + micros.ToString() + " min=" + micros.ToString()
                + " iters=1 timeout_ms=" + SatelliteWatch.TimeoutMilliseconds.ToString() + " kernel=1");
        }
    }
}
