// PCI discovery (src/Kernel/Devices/Pci) on the real machine: the host bridge q35 or virt always has, and the scratch
// virtio-blk disk the harness attaches to a single machine ("expect.disk=virtio-blk", KernelTestSession.ScratchDisk),
// its BARs placed (by SeaBIOS on x86_64, by the kernel on arm64) and mapped so that its registers answer.
using Helios.Kernel.Arch;
using Helios.Kernel.Boot;
using Helios.Kernel.Devices.Pci;
using Helios.Testing;

namespace Helios.Kernel.Tests.Kernel
{
    internal static class PciTests
    {
        private const ushort VirtioVendor = 0x1AF4, VirtioBlockModern = 0x1042;
        private const byte VendorCapability = 0x09, VirtioCommonConfig = 1;

        private static bool DiskExpected => new CommandLine(KernelMain.BootInfo.CommandLine).GetValue("expect.disk") == "virtio-blk";

        [Test]
        public static void TheHostBridgeIsFound()
        {
            if (Multikernel.KernelRole.IsMultikernel && Multikernel.KernelRole.Id != 0)
            {
                Assert.Equal(0, PciDevices.All.Count);      // a satellite owns no devices
                return;
            }
            Assert.True(KernelMain.BootInfo.PciHosts.Count == 1);
            // q35's MCH (8086:29c0) and virt's generic host bridge (1b36:0008), both class 06 00 at 00:00.0.
            bool x64 = Platform.Current.IsaName == "x86_64";
            PciFunction bridge = PciDevices.Find(x64 ? (ushort)0x8086 : (ushort)0x1B36, x64 ? (ushort)0x29C0 : (ushort)0x0008);
            Assert.NotNull(bridge);
            Assert.Equal("0000:00:00.0", bridge.Address);
            Assert.Equal((byte)0x06, bridge.ClassCode);
            Assert.Equal((byte)0x00, bridge.Subclass);
        }

        [Test]
        public static void TheVirtioDiskIsFoundWithItsRegistersMapped()
        {
            PciFunction disk = PciDevices.Find(VirtioVendor, VirtioBlockModern);
            if (!DiskExpected || Multikernel.KernelRole.IsMultikernel)
            {
                if (!Multikernel.KernelRole.IsMultikernel) Assert.Null(disk);   // nothing found that is not there
                return;
            }
            Assert.NotNull(disk);
            Assert.Equal((byte)0x01, disk.ClassCode);       // mass storage
            IPciConfigSpace space = PciDevices.ConfigSpaceOf(disk);
            Assert.NotNull(space);

            // Virtio 1.x finds its register blocks through vendor capabilities: the common configuration's BAR and offset.
            int commonBar = -1;
            uint commonOffset = 0;
            int virtioCapabilities = 0;
            foreach (PciCapability capability in disk.Capabilities)
            {
                if (capability.Id != VendorCapability) continue;
                virtioCapabilities++;
                uint header = space.Read32(disk.Bus, disk.Device, disk.Function, capability.Offset);
                if ((byte)(header >> 24) != VirtioCommonConfig) continue;
                commonBar = (int)(space.Read32(disk.Bus, disk.Device, disk.Function, capability.Offset + 4) & 0xFF);
                commonOffset = space.Read32(disk.Bus, disk.Device, disk.Function, capability.Offset + 8);
            }
            Assert.True(virtioCapabilities >= 4);           // common, notify, ISR, device (and the PCI access one)
            Assert.True(disk.TryGetBar(commonBar, out PciBar bar));
            Assert.False(bar.IsIo);
            Assert.True(bar.Address != 0);
            Assert.True(commonOffset + 8 <= bar.Size);
            uint command = space.Read32(disk.Bus, disk.Device, disk.Function, PciScanner.CommandRegister);
            Assert.True((command & PciScanner.CommandMemorySpace) != 0);

            // device_feature_select = 1, then device_feature holds bits 32-63: VIRTIO_F_VERSION_1 (bit 32) is set on
            // a modern device. Only a BAR that is placed, decoded and mapped answers.
            Mmio.Write32(bar.Address + commonOffset, 1);
            Assert.Equal(1u, Mmio.Read32(bar.Address + commonOffset + 4) & 1);
        }
    }
}
