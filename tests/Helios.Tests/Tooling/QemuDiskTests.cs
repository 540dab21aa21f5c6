// QemuOptions.Disk: the image as a modern virtio-blk PCI device on both machines, and the memory q35's firmware keeps.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Tooling;

public class QemuDiskTests
{
    [Theory]
    [InlineData(Isa.X86_64, "q35")]
    [InlineData(Isa.Arm64, "virt")]
    public void ADiskIsAModernVirtioBlockPciDevice(Isa isa, string machine)
    {
        var options = new QemuOptions(isa, "/images/helios-kernel.elf") { Disk = "/disks/d.img" };
        IReadOnlyList<string> args = options.Arguments();
        Assert.Equal(machine, args[args.ToList().IndexOf("-M") + 1]);
        int drive = args.ToList().IndexOf("-drive");
        Assert.Equal("file=/disks/d.img,format=raw,if=none,id=disk0,cache=writeback", args[drive + 1]);
        Assert.Equal("-device", args[drive + 2]);
        Assert.Equal("virtio-blk-pci,drive=disk0,disable-legacy=on,disable-modern=off", args[drive + 3]);
    }

    [Fact]
    public void NoDiskNoDrive()
    {
        IReadOnlyList<string> args = new QemuOptions(Isa.X86_64, "/k.elf").Arguments();
        Assert.DoesNotContain("-drive", args);
        Assert.DoesNotContain(args, a => a.Contains("virtio", StringComparison.Ordinal));
    }

    [Fact]
    public void ACommaInThePathIsEscaped()
    {
        Assert.Equal("file=/a,,b/d.img,format=raw,if=none,id=disk0,cache=writeback", QemuOptions.DiskArguments("/a,b/d.img")[1]);
    }

    [Fact]
    public void OnX86TheBundleMovesBelowTheFirmwaresDiskTables()
    {
        var plain = new QemuOptions(Isa.X86_64, "/k.elf") { MemoryMiB = 128 };
        var withDisk = plain with { Disk = "/d.img" };
        Assert.Equal((128UL << 20) - (128UL << 10) - 8192, plain.BundleAddress(8192));
        Assert.Equal((128UL << 20) - (512UL << 10) - 8192, withDisk.BundleAddress(8192));
        // arm64's firmware keeps nothing there.
        Assert.Equal(new QemuOptions(Isa.Arm64, "/k.elf").BundleAddress(8192), new QemuOptions(Isa.Arm64, "/k.elf") { Disk = "/d.img" }.BundleAddress(8192));
    }
}
