// The check the kernel makes once it knows the memory map: its image and early heap must be in usable, mapped RAM
// (a machine with too little memory stops with a clear message), and the heap may grow into the rest of that RAM.
using Helios.Kernel.Boot;
using Xunit;

namespace Helios.Tests.Boot;

public class BootMemoryLayoutTests
{
    private const ulong MiB = 1 << 20;
    private const ulong GiB = 1UL << 30;

    // QEMU q35's E820 map with 128 MiB: low memory, a hole for the BIOS, then RAM from 1 MiB.
    private static List<MemoryRegion> X86Map(ulong ram) =>
    [
        new MemoryRegion(0, 0x9FC00, MemoryKind.Usable),
        new MemoryRegion(0x9FC00, 0x400, MemoryKind.Reserved),
        new MemoryRegion(0xF0000, 0x10000, MemoryKind.Reserved),
        new MemoryRegion(MiB, ram - MiB - 0x20000, MemoryKind.Usable),
        new MemoryRegion(ram - 0x20000, 0x20000, MemoryKind.Reserved),
    ];

    [Fact]
    public void TheHeapGrowsIntoTheRestOfItsRam()
    {
        (ulong start, ulong end) = BootMemoryLayout.HeapGrowthRange(X86Map(128 * MiB), MiB, 36 * MiB, 4 * GiB);
        Assert.Equal(36 * MiB, start);
        Assert.Equal(128 * MiB - 0x20000, end);
    }

    // --mem 16M on x86_64: the 32 MiB early heap ends past the RAM.
    [Fact]
    public void TooLittleRamIsReported()
    {
        var e = Assert.Throws<BootInfoException>(() => BootMemoryLayout.HeapGrowthRange(X86Map(16 * MiB), MiB, 36 * MiB, 4 * GiB));
        Assert.Contains("[0x100000, 0x2400000) are not inside usable, mapped RAM (usable RAM there ends at 0xfe0000)", e.Message);
    }

    [Fact]
    public void AnImageOutsideUsableRamIsReported()
    {
        var e = Assert.Throws<BootInfoException>(() => BootMemoryLayout.HeapGrowthRange(X86Map(128 * MiB), 0xF8000, 36 * MiB, 4 * GiB));
        Assert.Contains("are not inside usable, mapped RAM: give the machine more memory", e.Message);
    }

    // Adjacent usable regions count as one run; growth stops at the end of the identity map (4 GiB on x86_64).
    [Fact]
    public void AdjacentRegionsJoinAndTheMapEndClamps()
    {
        List<MemoryRegion> map =
        [
            new MemoryRegion(MiB, 63 * MiB, MemoryKind.Usable),
            new MemoryRegion(64 * MiB, 8 * GiB, MemoryKind.Usable),
        ];
        (ulong start, ulong end) = BootMemoryLayout.HeapGrowthRange(map, MiB, 48 * MiB, 4 * GiB);
        Assert.Equal(48 * MiB, start);
        Assert.Equal(4 * GiB, end);
        Assert.Throws<BootInfoException>(() => BootMemoryLayout.HeapGrowthRange(map, MiB, 5 * GiB, 4 * GiB));
    }

    [Fact]
    public void AnEmptyEarlyHeapIsReported()
        => Assert.Throws<BootInfoException>(() => BootMemoryLayout.HeapGrowthRange(X86Map(128 * MiB), 2 * MiB, MiB, 4 * GiB));
}
