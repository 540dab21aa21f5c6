// The PCI functions this kernel owns, found once at boot on the host bridges the firmware described. Only the
// kernel that booted from the firmware (the coordinator) has bridges: a satellite's grant names none, so the
// devices have one owner. Each function's memory BARs are mapped as Device memory, wherever the firmware or the
// scanner placed them, so that register grants to drivers can be read and written.
using System.Collections.Generic;
using Helios.Kernel.Boot;
using Helios.Kernel.Memory;

namespace Helios.Kernel.Devices.Pci
{
    public static class PciDevices
    {
        private static readonly List<PciFunction> s_functions = new List<PciFunction>();
        private static readonly List<PciHostBridge> s_bridges = new List<PciHostBridge>();

        public static IReadOnlyList<PciFunction> All => s_functions;

        public static void Discover(BootInfo boot)
        {
            foreach (PciHostBridge bridge in boot.PciHosts)
            {
                s_bridges.Add(bridge);
                foreach (PciFunction function in PciScanner.Scan(new EcamConfigSpace(bridge), bridge))
                {
                    s_functions.Add(function);
                    foreach (PciBar bar in function.Bars)
                        if (!bar.IsIo && bar.Address != 0)
                        {
                            ulong start = bar.Address & ~(PageTable.PageSize - 1);
                            ulong end = (bar.Address + bar.Size + PageTable.PageSize - 1) & ~(PageTable.PageSize - 1);
                            AddressSpace.Map(start, start, end - start, MapKind.Device);
                        }
                }
            }
        }

        /// <summary>The first function with this vendor and device id, or null.</summary>
        public static PciFunction Find(ushort vendorId, ushort deviceId)
        {
            foreach (PciFunction function in s_functions)
                if (function.VendorId == vendorId && function.DeviceId == deviceId) return function;
            return null;
        }

        /// <summary>The configuration space of a function this kernel found (the bridge it sits behind).</summary>
        public static IPciConfigSpace ConfigSpaceOf(PciFunction function)
        {
            foreach (PciHostBridge bridge in s_bridges)
                if (bridge.Segment == function.Segment && function.Bus >= bridge.StartBus && function.Bus <= bridge.EndBus)
                    return new EcamConfigSpace(bridge);
            return null;
        }
    }
}
