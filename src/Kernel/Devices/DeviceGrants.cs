// What the kernel grants a driver: a register range only of a PCI function its manifest declares, only a BAR the
// declaration names, only memory BARs that are placed. Pure (the functions found are passed in): host-tested.
using System.Collections.Generic;
using Helios.Kernel.Devices.Pci;
using Helios.Kernel.Manifests;

namespace Helios.Kernel.Devices
{
    public static class DeviceGrants
    {
        /// <summary>
        /// The register window of BAR bar of the first function vendor:device the manifest declares. Returns null and
        /// a window, or the reason for a refusal; absent is set (and the reason says so) when the manifest declares the
        /// device but the machine has none, which a driver may be told instead of being killed.
        /// </summary>
        public static string Grant(ApplicationManifest manifest, IReadOnlyList<PciFunction> functions, ushort vendorId, ushort deviceId, int bar,
            out RegisterWindow window, out PciFunction function, out bool absent)
        {
            window = null;
            function = null;
            absent = false;
            string device = vendorId.ToString("x4") + ":" + deviceId.ToString("x4");
            ManifestPciDevice declared = Declared(manifest, vendorId, deviceId);
            if (declared is null)
                return manifest.Name + "'s manifest declares no PCI device " + device + " (<hardware><pciDevice vendor=\"0x" + vendorId.ToString("x4") + "\" device=\"0x" + deviceId.ToString("x4") + "\">)";
            if (!declared.GrantsBar(bar))
                return manifest.Name + "'s manifest grants no BAR " + bar.ToString() + " of " + device + " (it grants " + Bars(declared.RegisterBars) + ")";
            function = First(functions, vendorId, deviceId);
            if (function is null)
            {
                absent = true;
                return "this machine has no PCI device " + device;
            }
            if (!function.TryGetBar(bar, out PciBar found) || found.IsIo || found.Address == 0)
                return device + " (" + function.Address + ") has no placed memory BAR " + bar.ToString();
            window = new RegisterWindow(device + " (" + function.Address + ") BAR " + bar.ToString(), found.Address, found.Size);
            return null;
        }

        /// <summary>
        /// Whether the manifest grants MSI-X vector of the first function vendor:device: null and the function, or the
        /// reason for a refusal; absent is set when the manifest declares the device but the machine has none. Whether
        /// the function has that vector (its MSI-X table) is the caller's to check, on the device.
        /// </summary>
        public static string GrantInterrupt(ApplicationManifest manifest, IReadOnlyList<PciFunction> functions, ushort vendorId, ushort deviceId, int vector,
            out PciFunction function, out bool absent)
        {
            function = null;
            absent = false;
            string device = vendorId.ToString("x4") + ":" + deviceId.ToString("x4");
            ManifestPciDevice declared = Declared(manifest, vendorId, deviceId);
            if (declared is null)
                return manifest.Name + "'s manifest declares no PCI device " + device + ", so none of its interrupts";
            if (!declared.GrantsInterrupt(vector))
                return manifest.Name + "'s manifest grants no interrupt vector " + vector.ToString() + " of " + device + " (it grants " + Vectors(declared.InterruptVectors) + ")";
            function = First(functions, vendorId, deviceId);
            if (function is null)
            {
                absent = true;
                return "this machine has no PCI device " + device;
            }
            return null;
        }

        // The manifest's declaration of vendor:device (the last, as the manifest reads it), or null.
        private static ManifestPciDevice Declared(ApplicationManifest manifest, ushort vendorId, ushort deviceId)
        {
            ManifestPciDevice declared = null;
            foreach (ManifestPciDevice candidate in manifest.PciDevices)
                if (candidate.VendorId == vendorId && candidate.DeviceId == deviceId) declared = candidate;
            return declared;
        }

        // The first function of the machine that is vendor:device, or null.
        private static PciFunction First(IReadOnlyList<PciFunction> functions, ushort vendorId, ushort deviceId)
        {
            foreach (PciFunction candidate in functions)
                if (candidate.VendorId == vendorId && candidate.DeviceId == deviceId) return candidate;
            return null;
        }

        private static string Vectors(byte mask)
        {
            if (mask == 0) return "no interrupt";
            string text = "";
            for (int vector = 0; vector < 8; vector++)
                if ((mask & (1 << vector)) != 0) text += (text.Length == 0 ? "vector " : ", ") + vector.ToString();
            return text;
        }

        private static string Bars(byte mask)
        {
            if (mask == 0) return "no BAR";
            string text = "";
            for (int bar = 0; bar < 6; bar++)
                if ((mask & (1 << bar)) != 0) text += (text.Length == 0 ? "BAR " : ", ") + bar.ToString();
            return text;
        }
    }
}
