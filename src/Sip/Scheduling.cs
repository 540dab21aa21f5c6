// Giving up the CPU from a process: a driver that polls its device (no interrupts for drivers yet) lets the other
// threads run between looks.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Sip
{
    public static class Scheduling
    {
        /// <summary>Lets the scheduler run another thread before this one goes on.</summary>
        public static void Yield() => HostYield();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_host_yield")]
        private static extern void HostYield();
    }
}
