// Hardware a driver's manifest declares: a PCI function by vendor and device id, and which of its BARs the driver may
// use as registers, and which of its MSI-X vectors it may wait for as interrupts. The kernel grants exactly these (src/Kernel/Devices/DeviceGrants.cs) and nothing else.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public sealed class ManifestPciDevice
    {
        public ManifestPciDevice(ushort vendorId, ushort deviceId, byte registerBars, byte interruptVectors = 0)
        {
            InterruptVectors = interruptVectors;
            VendorId = vendorId;
            DeviceId = deviceId;
            RegisterBars = registerBars;
        }

        public ushort VendorId { get; }

        public ushort DeviceId { get; }

        /// <summary>The BARs granted as register ranges, one bit each (bit n: BAR n, 0 to 5).</summary>
        public byte RegisterBars { get; }

        public bool GrantsBar(int bar) => bar >= 0 && bar < 6 && (RegisterBars & (1 << bar)) != 0;

        /// <summary>The MSI-X vectors (entries of the function's MSI-X table) granted as interrupts, one bit each (0 to 7).</summary>
        public byte InterruptVectors { get; }

        public bool GrantsInterrupt(int vector) => vector >= 0 && vector < 8 && (InterruptVectors & (1 << vector)) != 0;
    }
}
