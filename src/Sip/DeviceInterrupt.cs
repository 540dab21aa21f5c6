// A driver's interrupt: an MSI-X vector of a PCI device its manifest declares (<interrupt vector="n"/>, docs/services.md),
// routed by the kernel that owns the interrupt controller. Wait blocks the driver (it does not spin) until the device
// has interrupted since the last wait ended; interrupts in between coalesce into one wake-up, so a driver looks at
// its device after each and re-checks it after asking the device to interrupt (nothing is lost either way). Opening
// a vector the manifest does not grant, or that the device lacks, kills the driver with the reason
// (src/Kernel/Processes/ProcessDeviceAbi.cs).
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Sip
{
    public sealed class DeviceInterrupt
    {
        private readonly int _handle;

        private DeviceInterrupt(int handle) { _handle = handle; }

        /// <summary>
        /// MSI-X vector of the PCI device vendorId:deviceId, or null when the machine has no such device or cannot route
        /// it (the kernel says why on the console): the driver then polls.
        /// </summary>
        public static DeviceInterrupt Open(ushort vendorId, ushort deviceId, int vector)
        {
            int handle = InterruptOpen(vendorId, deviceId, vector);
            return handle < 0 ? null : new DeviceInterrupt(handle);
        }

        /// <summary>Blocks until the device has interrupted since the last wait ended (at once if it has).</summary>
        public void Wait() => InterruptWait(_handle, -1);

        /// <summary>As Wait, for at most timeoutNanoseconds; false when that passed first.</summary>
        public bool Wait(long timeoutNanoseconds) => InterruptWait(_handle, timeoutNanoseconds < 0 ? 0 : timeoutNanoseconds) != 0;

        /// <summary>How many times the device has interrupted through this vector since it was opened.</summary>
        public ulong Count => InterruptCount(_handle);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupt_open")]
        private static extern int InterruptOpen(int vendorId, int deviceId, int vector);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupt_wait")]
        private static extern int InterruptWait(int handle, long timeoutNanoseconds);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_interrupt_count")]
        private static extern ulong InterruptCount(int handle);
    }
}
