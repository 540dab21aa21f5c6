// Hardware a driver's manifest declares: a PCI function by vendor and device id, and which of its BARs the driver may
// use as registers. The kernel grants exactly these (src/Kernel/Devices/DeviceGrants.cs) and nothing else.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public sealed class ManifestPciDevice
    {
        public ManifestPciDevice(ushort vendorId, ushort deviceId, byte registerBars)
        {
            VendorId = vendorId;
            DeviceId = deviceId;
            RegisterBars = registerBars;
        }

        public ushort VendorId { get; }

        public ushort DeviceId { get; }

        /// <summary>The BARs granted as register ranges, one bit each (bit n: BAR n, 0 to 5).</summary>
        public byte RegisterBars { get; }

        public bool GrantsBar(int bar) => bar >= 0 && bar < 6 && (RegisterBars & (1 << bar)) != 0;
    }
}
