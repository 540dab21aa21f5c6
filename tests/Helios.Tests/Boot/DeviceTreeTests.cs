// The arm64 boot parser (flattened device tree) against trees captured from QEMU virt boots, and against trees
// broken in every position: it must reject them with BootInfoException, never crash or loop.
using Helios.Kernel.Boot;
using Helios.Kernel.Boot.DeviceTree;
using Xunit;

namespace Helios.Tests.Boot;

public class DeviceTreeTests
{
    private static (CapturedMemory Memory, byte[] Blob) Capture(string name)
    {
        CapturedMemory memory = CapturedMemory.Load(TestData.BootCapture(name));
        int size = FlattenedDeviceTree.ReadUsedSize(memory.Read(memory.BootInformation, FlattenedDeviceTree.HeaderSize));
        return (memory, memory.Read(memory.BootInformation, size).ToArray());
    }

    [Theory]
    [InlineData("arm64-virt-2cpu-128M", 2, 128)]
    [InlineData("arm64-virt-4cpu-1G", 4, 1024)]
    public void ReadsCpusMemoryAndCommandLine(string capture, int cpus, int memoryMiB)
    {
        (CapturedMemory memory, _) = Capture(capture);
        BootInfo boot = DeviceTreeBootInfo.Read(memory, memory.BootInformation);
        Assert.Equal("device tree", boot.Protocol);
        Assert.Equal(cpus, boot.CpuCount);
        Assert.Equal("bootinfo.dump capture", boot.CommandLine);
        MemoryRegion ram = Assert.Single(boot.Memory);
        Assert.Equal(0x40000000UL, ram.Start);
        Assert.Equal((ulong)memoryMiB << 20, ram.Length);
    }

    [Fact]
    public void NodesAndProperties()
    {
        (_, byte[] blob) = Capture("arm64-virt-2cpu-128M");
        FlattenedDeviceTree tree = FlattenedDeviceTree.Parse(blob);
        Assert.Equal("linux,dummy-virt", tree.Root.GetString("compatible"));
        Assert.Equal(2u, tree.Root.GetUInt32("#address-cells"));
        DeviceTreeNode uart = tree.Root.FindChild("pl011");
        Assert.NotNull(uart);
        Assert.Equal("pl011@9000000", uart.Name);
        (ulong address, ulong size) = Assert.Single(uart.GetRegisters());
        Assert.Equal(0x09000000UL, address);
        Assert.Equal(0x1000UL, size);
        Assert.Equal(2, tree.Find("/cpus").Children.Count(c => c.GetString("device_type") == "cpu"));
        Assert.StartsWith("arm,psci", tree.Find("/psci")?.GetString("compatible"));
    }

    [Fact]
    public void RejectsWrongMagic()
    {
        (_, byte[] blob) = Capture("arm64-virt-2cpu-128M");
        blob[0] = 0;
        var e = Assert.Throws<BootInfoException>(() => FlattenedDeviceTree.Parse(blob));
        Assert.Contains("magic", e.Message);
    }

    [Fact]
    public void RejectsTruncatedTrees()
    {
        (_, byte[] blob) = Capture("arm64-virt-2cpu-128M");
        foreach (int length in new[] { 0, 10, 39, 40, 100, blob.Length / 2, blob.Length - 1 })
            Assert.Throws<BootInfoException>(() => FlattenedDeviceTree.Parse(blob.AsSpan(0, length)));
    }

    // Every byte of the header and the first structure tokens, flipped: always a parse or a BootInfoException,
    // never another exception, never a hang.
    [Fact]
    public void SurvivesCorruptionAnywhereInTheStructure()
    {
        (_, byte[] original) = Capture("arm64-virt-2cpu-128M");
        for (int i = 0; i < 2048 && i < original.Length; i++)
        {
            byte[] blob = (byte[])original.Clone();
            blob[i] ^= 0xA5;
            try
            {
                FlattenedDeviceTree tree = FlattenedDeviceTree.Parse(blob);
                _ = DeviceTreeBootInfo.Read(tree);
            }
            catch (BootInfoException)
            {
            }
        }
    }
}
