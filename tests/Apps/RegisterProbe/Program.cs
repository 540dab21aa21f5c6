// A driver's first steps, to show that hardware grants hold (tests/Kernel/Processes/DeviceGrantTests.cs): its manifest
// declares the virtio-blk disk's BAR 4 (virtio's modern registers) and nothing else. "features" finds virtio's
// common configuration through the device's capabilities and reads a feature register; "outside" reads past the
// BAR's end, "undeclared" opens the disk's BAR 1 and "other" another device: the kernel kills it for each of those.
// Its manifest also grants the disk's MSI-X vector 7, which the disk (3 vectors: 2 queues and its configuration) does not have: "interrupt-missing"
// waits for it, "interrupt-undeclared" for vector 1 (not granted), "interrupt-other" for another device's: killed too.
using System;
using Helios.Sip;

namespace RegisterProbe
{
    public static class Program
    {
        private const ushort VirtioVendor = 0x1AF4, VirtioBlock = 0x1042;
        private const int ModernBar = 4;

        public static int Main(string[] args)
        {
            string how = args.Length > 0 ? args[0] : "features";
            switch (how)
            {
                case "features": return Features();
                case "outside":
                    DeviceRegisters registers = Open();
                    if (registers is null) return 3;
                    Console.WriteLine("reading 4 bytes at 0x" + registers.Length.ToString("x") + ", past the end of BAR 4");
                    return (int)registers.Read32(registers.Length);
                case "undeclared":
                    Console.WriteLine("opening BAR 1, which the manifest does not declare");
                    return DeviceRegisters.Open(VirtioVendor, VirtioBlock, 1) is null ? 3 : 0;
                case "other":
                    Console.WriteLine("opening a device the manifest does not declare");
                    return DeviceRegisters.Open(0x8086, 0x29C0, 0) is null ? 3 : 0;
                case "interrupt-missing":
                    Console.WriteLine("waiting for MSI-X vector 7, which the manifest grants and the disk does not have");
                    return WaitFor(VirtioVendor, VirtioBlock, 7);
                case "interrupt-undeclared":
                    Console.WriteLine("waiting for MSI-X vector 1, which the manifest does not grant");
                    return WaitFor(VirtioVendor, VirtioBlock, 1);
                case "interrupt-other":
                    Console.WriteLine("waiting for an interrupt of a device the manifest does not declare");
                    return WaitFor(0x8086, 0x29C0, 0);
                default:
                    Console.Error.WriteLine("registerprobe: unknown mode '" + how + "': expected features, outside, undeclared, other or interrupt-missing, -undeclared, -other");
                    return 2;
            }
        }

        // Never returns 0 when the kernel holds the grant: it kills the probe at Open.
        private static int WaitFor(ushort vendor, ushort device, int vector)
        {
            DeviceInterrupt interrupt = DeviceInterrupt.Open(vendor, device, vector);
            if (interrupt is null) return 3;
            interrupt.Wait(1_000_000);
            return 0;
        }

        private static DeviceRegisters Open()
        {
            DeviceRegisters registers = DeviceRegisters.Open(VirtioVendor, VirtioBlock, ModernBar);
            if (registers is null) Console.Error.WriteLine("registerprobe: this machine has no virtio-blk disk (boot with --disk)");
            return registers;
        }

        // Virtio 1.x, 4.1.4: vendor capabilities (id 9) name each register block's BAR and offset; type 1 is the
        // common configuration, whose device_feature_select (offset 0) picks which 32 feature bits device_feature
        // (offset 4) shows. Bit 32, VIRTIO_F_VERSION_1, is set on every modern device.
        private static int Features()
        {
            DeviceRegisters registers = Open();
            if (registers is null) return 3;
            int capability = (int)(registers.ReadConfig32(0x34) & 0xFC);
            for (int count = 0; capability != 0 && count < 48; count++)
            {
                uint header = registers.ReadConfig32(capability);
                if ((byte)header == 0x09 && (byte)(header >> 24) == 1)
                {
                    int bar = (int)(registers.ReadConfig32(capability + 4) & 0xFF);
                    uint offset = registers.ReadConfig32(capability + 8);
                    if (bar != ModernBar)
                    {
                        Console.Error.WriteLine("registerprobe: the common configuration is in BAR " + bar.ToString() + ", not 4");
                        return 1;
                    }
                    registers.Write32(offset, 1);
                    bool version1 = (registers.Read32(offset + 4) & 1) != 0;
                    Console.WriteLine("virtio common configuration at BAR 4 + 0x" + offset.ToString("x") + "; VIRTIO_F_VERSION_1: " + (version1 ? "yes" : "no"));
                    return version1 ? 0 : 1;
                }
                capability = (int)((header >> 8) & 0xFC);
            }
            Console.Error.WriteLine("registerprobe: no virtio common configuration capability");
            return 1;
        }
    }
}
