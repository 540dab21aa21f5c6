// The arm64 boot parser (flattened device tree) against trees captured from QEMU virt boots, and against trees
// broken in every position: it must reject them with BootInfoException, never crash or loop.
using System.Buffers.Binary;
using System.Text;
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

    // Where the (first) property with this name keeps its length word, found by walking the structure block.
    private static int PropertyLengthOffset(byte[] blob, string name)
    {
        int structOffset = (int)BinaryPrimitives.ReadUInt32BigEndian(blob.AsSpan(8));
        int stringsOffset = (int)BinaryPrimitives.ReadUInt32BigEndian(blob.AsSpan(12));
        int offset = structOffset;
        while (true)
        {
            uint token = BinaryPrimitives.ReadUInt32BigEndian(blob.AsSpan(offset));
            offset += 4;
            switch (token)
            {
                case 1:
                    offset = (Array.IndexOf(blob, (byte)0, offset) + 1 + 3) & ~3;
                    break;
                case 3:
                    int length = (int)BinaryPrimitives.ReadUInt32BigEndian(blob.AsSpan(offset));
                    int nameOffset = (int)BinaryPrimitives.ReadUInt32BigEndian(blob.AsSpan(offset + 4));
                    int nameEnd = Array.IndexOf(blob, (byte)0, stringsOffset + nameOffset);
                    if (Encoding.ASCII.GetString(blob, stringsOffset + nameOffset, nameEnd - stringsOffset - nameOffset) == name) return offset;
                    offset = (offset + 8 + length + 3) & ~3;
                    break;
                case 2:
                case 4:
                    break;
                default:
                    throw new InvalidOperationException($"property {name} not found");
            }
        }
    }

    // "#address-cells = <0xFFFFFFFE>" is not a small negative count: it is refused as malformed, not used.
    [Theory]
    [InlineData("#address-cells", 0xFFFFFFFEu)]
    [InlineData("#size-cells", 0xFFFFFFFFu)]
    [InlineData("#address-cells", 0x80000000u)]
    [InlineData("#size-cells", 3u)]
    public void ImpossibleCellCountsAreRejected(string property, uint cells)
    {
        (_, byte[] blob) = Capture("arm64-virt-2cpu-128M");
        int at = PropertyLengthOffset(blob, property);
        Assert.Equal(4u, BinaryPrimitives.ReadUInt32BigEndian(blob.AsSpan(at)));
        BinaryPrimitives.WriteUInt32BigEndian(blob.AsSpan(at + 8), cells);
        FlattenedDeviceTree tree = FlattenedDeviceTree.Parse(blob);
        var e = Assert.Throws<BootInfoException>(() => DeviceTreeBootInfo.Read(tree));
        Assert.Contains(property + "=" + cells.ToString(), e.Message);
    }

    // A property length near 2^31 must not wrap the bounds check.
    [Theory]
    [InlineData(0x7FFFFFFFu)]
    [InlineData(0x7FFFFFF0u)]
    [InlineData(0x80000000u)]
    [InlineData(0xFFFFFFFFu)]
    public void HugePropertyLengthsAreRejected(uint length)
    {
        (_, byte[] blob) = Capture("arm64-virt-2cpu-128M");
        int at = PropertyLengthOffset(blob, "compatible");
        BinaryPrimitives.WriteUInt32BigEndian(blob.AsSpan(at), length);
        var e = Assert.Throws<BootInfoException>(() => FlattenedDeviceTree.Parse(blob));
        Assert.Contains("runs past its block", e.Message);
    }

    // The header's sizes come from the machine: a totalsize of 0xFFFFFFFF (with blocks claimed to match) must not
    // become a negative or huge read.
    [Theory]
    [InlineData(0xFFFFFFFFu)]
    [InlineData(0x90000000u)]
    [InlineData(0x00500000u)]
    public void HugeTreeSizesAreRejected(uint totalSize)
    {
        (CapturedMemory memory, byte[] blob) = Capture("arm64-virt-2cpu-128M");
        BinaryPrimitives.WriteUInt32BigEndian(blob.AsSpan(4), totalSize);
        BinaryPrimitives.WriteUInt32BigEndian(blob.AsSpan(32), totalSize - 0x100);     // size_dt_strings
        Assert.Throws<BootInfoException>(() => FlattenedDeviceTree.ReadUsedSize(blob));
        CapturedMemory broken = memory.WithBytes(memory.BootInformation, blob.AsSpan(0, FlattenedDeviceTree.HeaderSize));
        var e = Assert.Throws<BootInfoException>(() => DeviceTreeBootInfo.Read(broken, broken.BootInformation));
        Assert.Contains("more than the", e.Message);
    }
}
