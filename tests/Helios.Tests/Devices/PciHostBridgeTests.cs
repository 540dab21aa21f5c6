// Where configuration space is: ACPI's MCFG (x86_64) and the device tree's "pci-host-ecam-generic" node (arm64, from
// a captured QEMU virt boot), and the clear errors for malformed ones.
using System.Buffers.Binary;
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.Acpi;
using Helios.Kernel.Boot.DeviceTree;
using Helios.Tests.Boot;
using Xunit;

namespace Helios.Tests.Devices;

public class PciHostBridgeTests
{
    // An MCFG as q35 builds it: the header, 8 reserved bytes, then 16-byte entries.
    private static byte[] McfgTable(params (ulong Base, ushort Segment, byte Start, byte End)[] entries)
    {
        var table = new byte[AcpiTables.HeaderSize + 8 + 16 * entries.Length];
        "MCFG"u8.CopyTo(table);
        BinaryPrimitives.WriteUInt32LittleEndian(table.AsSpan(4), (uint)table.Length);
        for (int i = 0; i < entries.Length; i++)
        {
            Span<byte> entry = table.AsSpan(AcpiTables.HeaderSize + 8 + 16 * i);
            BinaryPrimitives.WriteUInt64LittleEndian(entry, entries[i].Base);
            BinaryPrimitives.WriteUInt16LittleEndian(entry.Slice(8), entries[i].Segment);
            entry[10] = entries[i].Start;
            entry[11] = entries[i].End;
        }
        return table;
    }

    [Fact]
    public void McfgGivesEachSegmentsEcam()
    {
        List<PciHostBridge> bridges = Mcfg.Parse(McfgTable((0xB000_0000, 0, 0, 255), (0x8_0000_0000, 1, 16, 31)));
        Assert.Equal(2, bridges.Count);
        Assert.Equal(0xB000_0000UL, bridges[0].EcamStart);
        Assert.Equal(256UL << 20, bridges[0].EcamLength);
        Assert.Equal(0UL, bridges[0].MemoryWindow);         // the firmware placed the BARs
        Assert.Equal((ushort)1, bridges[1].Segment);
        Assert.Equal(0x8_0100_0000UL, bridges[1].EcamStart);
        Assert.Equal(16UL << 20, bridges[1].EcamLength);
        Assert.Empty(Mcfg.Parse(ReadOnlySpan<byte>.Empty));  // no MCFG: no PCI
    }

    [Fact]
    public void MalformedMcfgIsRefusedSayingWhy()
    {
        Assert.Contains("not a header and whole 16-byte entries", Assert.Throws<BootInfoException>(() => Mcfg.Parse(McfgTable((0xB000_0000, 0, 0, 255)).AsSpan(0, 50))).Message);
        Assert.Contains("ends at bus 3 before it starts (4)", Assert.Throws<BootInfoException>(() => Mcfg.Parse(McfgTable((0xB000_0000, 0, 4, 3)))).Message);
        Assert.Contains("not 1 MiB aligned", Assert.Throws<BootInfoException>(() => Mcfg.Parse(McfgTable((0xB000_1000, 0, 0, 255)))).Message);
    }

    [Theory]
    [InlineData("arm64-virt-2cpu-128M")]
    [InlineData("arm64-virt-4cpu-1G")]
    public void VirtsDeviceTreeGivesItsEcamAndMemoryWindow(string capture)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(capture));
        BootInfo boot = DeviceTreeBootInfo.Read(memory, memory.BootInformation);
        PciHostBridge bridge = Assert.Single(boot.PciHosts);
        Assert.Equal(0x40_1000_0000UL, bridge.EcamStart);   // virt's high ECAM (highmem on)
        Assert.Equal(0, bridge.StartBus);
        Assert.Equal(255, bridge.EndBus);
        Assert.Equal(0x1000_0000UL, bridge.MemoryWindow);   // the 32-bit window of "ranges", CPU address = bus address
        Assert.Equal(0x2EFF_0000UL, bridge.MemoryWindowSize);
    }
}
