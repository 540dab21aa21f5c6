// Configuration space through ECAM: each function's 4 KiB of registers is memory at a fixed place under the host
// bridge's base (the kernel maps it as Device memory, AddressSpace). Reads outside the bridge's buses see no device.
using System;
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;

namespace Helios.Kernel.Devices.Pci
{
    public sealed class EcamConfigSpace : IPciConfigSpace
    {
        private readonly PciHostBridge _bridge;

        public EcamConfigSpace(PciHostBridge bridge) { _bridge = bridge; }

        public uint Read32(byte bus, byte device, byte function, int offset)
            => Locate(bus, device, function, offset, out ulong address) ? Mmio.Read32(address) : 0xFFFF_FFFF;

        public void Write32(byte bus, byte device, byte function, int offset, uint value)
        {
            if (!Locate(bus, device, function, offset, out ulong address))
                throw new ArgumentOutOfRangeException(nameof(offset), "PCI " + bus.ToString("x2") + ":" + device.ToString("x2") + "." + function.ToString() + " register 0x" + offset.ToString("x") + " is not in ECAM");
            Mmio.Write32(address, value);
        }

        private bool Locate(byte bus, byte device, byte function, int offset, out ulong address)
        {
            address = 0;
            if (bus < _bridge.StartBus || bus > _bridge.EndBus || device >= 32 || function >= 8 || offset < 0 || offset > 4092 || (offset & 3) != 0) return false;
            address = _bridge.EcamBase + ((ulong)bus << 20) + ((ulong)device << 15) + ((ulong)function << 12) + (ulong)offset;
            return true;
        }
    }
}
