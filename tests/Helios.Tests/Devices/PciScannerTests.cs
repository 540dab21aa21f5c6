// The PCI scanner (src/Kernel/Devices/Pci/PciScanner.cs) on a simulated bus: what it finds, how it sizes and places
// BARs, and that bad capability lists end. The real machines are checked in the kernel (tests/Kernel/Kernel/PciTests.cs).
using Helios.Kernel.Boot;
using Helios.Kernel.Devices.Pci;
using Xunit;

namespace Helios.Tests.Devices;

public class PciScannerTests
{
    private static readonly PciHostBridge FirmwarePlaced = new(0xB000_0000, 0, 0, 255);
    private static readonly PciHostBridge KernelPlaced = new(0x40_1000_0000, 0, 0, 255, 0x1000_0000, 0x2EFF_0000);

    private static SimulatedPciBus VirtLike()
    {
        var bus = new SimulatedPciBus();
        bus.Add(0, 0, 0, 0x1B36, 0x0008, 0x060000);
        // A modern virtio-blk: a 4 KiB 32-bit BAR 1 and a 16 KiB 64-bit prefetchable BAR 4, with virtio's capabilities.
        bus.Add(0, 2, 0, 0x1AF4, 0x1042, 0x010000)
            .Bar(1, 0x1000, 0).Bar(4, 0x4000, 0xC)
            .Capabilities((0x11, 0x98), (0x09, 0x84), (0x09, 0x70), (0x09, 0x60), (0x09, 0x50), (0x09, 0x40));
        return bus;
    }

    [Fact]
    public void FindsEveryFunctionWithItsIdentity()
    {
        SimulatedPciBus bus = VirtLike();
        bus.Add(3, 1, 0, 0x8086, 0x1234, 0x020000, multifunction: true);
        bus.Add(3, 1, 5, 0x8086, 0x1235, 0x020000);
        bus.Add(3, 4, 2, 0x8086, 0x9999);   // not found: function 0 absent, so device 4 does not exist
        List<PciFunction> found = PciScanner.Scan(bus, FirmwarePlaced);
        Assert.Equal(["0000:00:00.0 1b36:0008 class 0600", "0000:00:02.0 1af4:1042 class 0100", "0000:03:01.0 8086:1234 class 0200", "0000:03:01.5 8086:1235 class 0200"],
            found.Select(f => f.ToString()));
        Assert.Equal([0x98, 0x84, 0x70, 0x60, 0x50, 0x40], found[1].Capabilities.Select(c => c.Offset));
        Assert.Equal(0x11, found[1].Capabilities[0].Id);
        Assert.Empty(found[0].Capabilities);
    }

    [Fact]
    public void SizesBarsTheFirmwarePlacedAndLeavesThemThere()
    {
        var bus = new SimulatedPciBus();
        SimulatedFunction disk = bus.Add(0, 1, 0, 0x1AF4, 0x1042)
            .Bar(0, 0x20, 1, 0xC040)                        // I/O, 32 ports
            .Bar(1, 0x1000, 0, 0xFEBD_1000)
            .Bar(4, 0x4000, 0xC, 0x3_8000_0000)             // 64-bit, above 4 GiB
            .Command(PciScanner.CommandMemorySpace | PciScanner.CommandIoSpace);
        PciFunction found = Assert.Single(PciScanner.Scan(bus, FirmwarePlaced));
        Assert.Equal(3, found.Bars.Count);
        Assert.True(found.TryGetBar(0, out PciBar io) && io.IsIo && io.Address == 0xC040 && io.Size == 0x20);
        Assert.True(found.TryGetBar(1, out PciBar low) && !low.IsIo && !low.Is64Bit && low.Address == 0xFEBD_1000 && low.Size == 0x1000);
        Assert.True(found.TryGetBar(4, out PciBar high) && high.Is64Bit && high.Prefetchable && high.Address == 0x3_8000_0000 && high.Size == 0x4000);
        Assert.False(found.TryGetBar(5, out _));            // the upper half of BAR 4
        // Sizing wrote all ones with decoding off, and put back every BAR and the command register.
        Assert.Equal(0, disk.BarWritesWhileDecoding);
        Assert.Equal(0xC041u, disk[0x10]);
        Assert.Equal(0x8000_000Cu, disk[0x20]);
        Assert.Equal(3u, disk[0x24]);
        Assert.Equal(PciScanner.CommandMemorySpace | PciScanner.CommandIoSpace, disk[0x04] & 0xFFFF);
    }

    [Fact]
    public void PlacesUnplacedBarsInTheWindowAlignedAndTurnsDecodingOn()
    {
        SimulatedPciBus bus = VirtLike();
        PciFunction disk = PciScanner.Scan(bus, KernelPlaced).Single(f => f.VendorId == 0x1AF4);
        Assert.True(disk.TryGetBar(1, out PciBar first));
        Assert.True(disk.TryGetBar(4, out PciBar second));
        Assert.Equal(0x1000_0000UL, first.Address);
        Assert.Equal(0x1000_4000UL, second.Address);        // 16 KiB aligned, after the first
        SimulatedFunction device = bus.Get(0, 2, 0);
        Assert.Equal(0x1000_0000u, device[0x14]);
        Assert.Equal(0x1000_400Cu, device[0x20]);
        Assert.Equal(0u, device[0x24]);
        Assert.Equal(PciScanner.CommandMemorySpace, device[0x04] & 0xFFFF);
    }

    [Fact]
    public void ABarThatDoesNotFitTheWindowStaysUnplaced()
    {
        var bus = new SimulatedPciBus();
        bus.Add(0, 1, 0, 0x1234, 0x5678).Bar(0, 0x1000, 0).Bar(2, 0x100_0000, 0);
        var small = new PciHostBridge(0, 0, 0, 0, 0x1000_0000, 0x80_0000);
        PciFunction found = Assert.Single(PciScanner.Scan(bus, small));
        Assert.True(found.TryGetBar(0, out PciBar fits) && fits.Address == 0x1000_0000);
        Assert.True(found.TryGetBar(2, out PciBar tooBig) && tooBig.Address == 0 && tooBig.Size == 0x100_0000);
    }

    [Fact]
    public void ALoopingCapabilityListEnds()
    {
        var bus = new SimulatedPciBus();
        bus.Add(0, 0, 0, 0x1234, 0x5678).Capabilities((0x09, 0x40), (0x09, 0x50)).Poke(0x50, 0x4009);  // 0x50 points back to 0x40
        PciFunction found = Assert.Single(PciScanner.Scan(bus, FirmwarePlaced));
        Assert.Equal(48, found.Capabilities.Count);
    }

    [Fact]
    public void OnlyTheBridgesBusesAreProbed()
    {
        var bus = new SimulatedPciBus();
        bus.Add(0, 0, 0, 0x1234, 0x0001);
        bus.Add(5, 0, 0, 0x1234, 0x0005);
        bus.Add(9, 0, 0, 0x1234, 0x0009);
        List<PciFunction> found = PciScanner.Scan(bus, new PciHostBridge(0, 0, 4, 8));
        Assert.Equal([(byte)5], found.Select(f => f.Bus));
        Assert.Equal([(byte)4, 5, 6, 7, 8], bus.BusesRead);
    }
}
