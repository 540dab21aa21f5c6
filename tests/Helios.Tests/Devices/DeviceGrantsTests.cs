// What the kernel grants a driver (src/Kernel/Devices): only a declared BAR of a declared device that is there, and
// in it only aligned accesses inside the range. The kernel side that kills the driver is tested in the kernel
// (tests/Kernel/Processes/DeviceGrantTests.cs).
using Helios.Kernel.Boot;
using Helios.Kernel.Devices;
using Helios.Kernel.Devices.Pci;
using Helios.Kernel.Manifests;
using Xunit;

namespace Helios.Tests.Devices;

public class DeviceGrantsTests
{
    private static List<PciFunction> Machine()
    {
        var bus = new SimulatedPciBus();
        bus.Add(0, 0, 0, 0x8086, 0x29C0, 0x060000);
        bus.Add(0, 2, 0, 0x1AF4, 0x1042, 0x010000).Bar(1, 0x1000, 0, 0xFEBD_1000).Bar(4, 0x4000, 0xC, 0xFE00_0000).Bar(0, 0x20, 1, 0xC000);
        return PciScanner.Scan(bus, new PciHostBridge(0xB000_0000, 0, 0, 0));
    }

    private static ApplicationManifest Driver(params ManifestPciDevice[] devices)
    {
        var manifest = new ApplicationManifest("blk");
        manifest.PciDevices.AddRange(devices);
        return manifest;
    }

    [Fact]
    public void ADeclaredBarOfAPresentDeviceIsGranted()
    {
        string refusal = DeviceGrants.Grant(Driver(new ManifestPciDevice(0x1AF4, 0x1042, 1 << 4)), Machine(), 0x1AF4, 0x1042, 4,
            out RegisterWindow window, out PciFunction function, out bool absent);
        Assert.Null(refusal);
        Assert.False(absent);
        Assert.Equal(0xFE00_0000UL, window.Address);
        Assert.Equal(0x4000UL, window.Length);
        Assert.Equal("1af4:1042 (0000:00:02.0) BAR 4", window.Name);
        Assert.Equal("0000:00:02.0", function.Address);
    }

    [Theory]
    [InlineData(0x8086, 0x29C0, 0, "blk's manifest declares no PCI device 8086:29c0")]
    [InlineData(0x1AF4, 0x1042, 1, "blk's manifest grants no BAR 1 of 1af4:1042 (it grants BAR 0, 4)")]
    [InlineData(0x1AF4, 0x1042, 0, "1af4:1042 (0000:00:02.0) has no placed memory BAR 0")]    // an I/O BAR
    [InlineData(0x1AF4, 0x1042, 7, "blk's manifest grants no BAR 7 of 1af4:1042")]
    public void AnythingElseIsRefusedSayingWhy(int vendor, int device, int bar, string reason)
    {
        string refusal = DeviceGrants.Grant(Driver(new ManifestPciDevice(0x1AF4, 0x1042, (1 << 4) | 1)), Machine(), (ushort)vendor, (ushort)device, bar,
            out RegisterWindow window, out _, out bool absent);
        Assert.NotNull(refusal);
        Assert.StartsWith(reason, refusal);
        Assert.Null(window);
        Assert.False(absent);
    }

    [Fact]
    public void ADeclaredInterruptVectorOfAPresentDeviceIsGranted()
    {
        string refusal = DeviceGrants.GrantInterrupt(Driver(new ManifestPciDevice(0x1AF4, 0x1042, 1 << 4, 1)), Machine(), 0x1AF4, 0x1042, 0,
            out PciFunction function, out bool absent);
        Assert.Null(refusal);
        Assert.False(absent);
        Assert.Equal("0000:00:02.0", function.Address);
    }

    [Theory]
    [InlineData(0x8086, 0x29C0, 0, "blk's manifest declares no PCI device 8086:29c0, so none of its interrupts")]
    [InlineData(0x1AF4, 0x1042, 1, "blk's manifest grants no interrupt vector 1 of 1af4:1042 (it grants vector 0, 2)")]
    [InlineData(0x1AF4, 0x1042, 8, "blk's manifest grants no interrupt vector 8 of 1af4:1042")]
    [InlineData(0x1AF4, 0x1042, -1, "blk's manifest grants no interrupt vector -1 of 1af4:1042")]
    public void AnInterruptNotGrantedIsRefusedSayingWhy(int vendor, int device, int vector, string reason)
    {
        string refusal = DeviceGrants.GrantInterrupt(Driver(new ManifestPciDevice(0x1AF4, 0x1042, 1 << 4, 0b101)), Machine(), (ushort)vendor, (ushort)device, vector,
            out PciFunction function, out bool absent);
        Assert.NotNull(refusal);
        Assert.StartsWith(reason, refusal);
        Assert.Null(function);
        Assert.False(absent);
    }

    [Fact]
    public void AManifestWithoutInterruptsGrantsNone()
    {
        string refusal = DeviceGrants.GrantInterrupt(Driver(new ManifestPciDevice(0x1AF4, 0x1042, 1 << 4)), Machine(), 0x1AF4, 0x1042, 0, out _, out _);
        Assert.Equal("blk's manifest grants no interrupt vector 0 of 1af4:1042 (it grants no interrupt)", refusal);
    }

    [Fact]
    public void ADeclaredInterruptOfADeviceTheMachineLacksIsAnAnswer()
    {
        string refusal = DeviceGrants.GrantInterrupt(Driver(new ManifestPciDevice(0x1AF4, 0x1001, 0, 1)), Machine(), 0x1AF4, 0x1001, 0, out _, out bool absent);
        Assert.True(absent);
        Assert.Equal("this machine has no PCI device 1af4:1001", refusal);
    }

    [Fact]
    public void ADeclaredDeviceTheMachineLacksIsAnAnswerNotAFault()
    {
        string refusal = DeviceGrants.Grant(Driver(new ManifestPciDevice(0x1AF4, 0x1001, 1)), Machine(), 0x1AF4, 0x1001, 0, out _, out _, out bool absent);
        Assert.True(absent);
        Assert.Equal("this machine has no PCI device 1af4:1001", refusal);
    }

    [Theory]
    [InlineData(0UL, 4, null)]
    [InlineData(0x3FFCUL, 4, null)]
    [InlineData(0x3FF8UL, 8, null)]
    [InlineData(0x3FFFUL, 1, null)]
    [InlineData(0x4000UL, 1, "register 0x4000 (1 bytes) is outside r, which has 0x4000 bytes")]
    [InlineData(0x3FFEUL, 4, "register 0x3ffe (4 bytes) is outside r")]
    [InlineData(ulong.MaxValue - 1, 4, "register 0xfffffffffffffffe (4 bytes) is outside r")]
    [InlineData(0x2UL, 4, "register 0x2 of r is not aligned for a 4-byte access")]
    [InlineData(0UL, 3, "a register access of 3 bytes")]
    public void EveryAccessIsCheckedAgainstTheWindow(ulong offset, int width, string problem)
    {
        var window = new RegisterWindow("r", 0xFE00_0000, 0x4000);
        string found = window.Check(offset, width);
        if (problem is null) Assert.Null(found);
        else Assert.StartsWith(problem, found);
    }
}
