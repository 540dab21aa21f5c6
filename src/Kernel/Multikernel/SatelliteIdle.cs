// What a satellite of the kernel image does once it is up, until channels between kernels give it work: wait, asleep,
// until the coordinator asks the machine to stop (MachineStatus), then exit with success.
using Helios.Kernel.Boot;
using Thread = Helios.Kernel.Threading.Thread;

namespace Helios.Kernel.Multikernel
{
    public static class SatelliteIdle
    {
        public static int Run(BootInfo boot)
        {
            WaitForShutdown();
            return 0;
        }

        /// <summary>Sleeps until the coordinator asks the machine to stop (a satellite's payloads that wait their turn).</summary>
        public static void WaitForShutdown()
        {
            while (!MachineStatus.ShutdownRequested) Thread.Sleep(10_000_000);
        }
    }
}
