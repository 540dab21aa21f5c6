// Page tables built on the host in simulated physical memory, for both ISAs' entry formats: translation agrees with
// what was mapped, blocks are used where they fit and split when part of one changes, unmapping leaves holes.
using Helios.Kernel.Arch.Arm64;
using Helios.Kernel.Arch.X64;
using Helios.Kernel.Memory;
using Xunit;

namespace Helios.Tests.Memory;

public class PageTableTests
{
    private const ulong MiB = 1 << 20;

    private sealed class SimulatedMemory : IPageTableMemory
    {
        private readonly Dictionary<ulong, ulong[]> _tables = new();
        private ulong _next = 0x1000_0000;

        public int Tables => _tables.Count;

        public ulong AllocateTable()
        {
            ulong frame = _next;
            _next += PageTable.PageSize;
            _tables[frame] = new ulong[512];
            return frame;
        }

        public Span<ulong> Entries(ulong table) => _tables[table];
    }

    public static TheoryData<string> Formats => new() { "x86_64", "arm64" };

    private static PageFormat Format(string isa) => isa == "x86_64" ? new X64PageFormat() : new Arm64PageFormat();

    [Theory]
    [MemberData(nameof(Formats))]
    public void TranslationFollowsTheMapping(string isa)
    {
        var memory = new SimulatedMemory();
        var table = new PageTable(Format(isa), memory);
        table.Map(0, 0, 64 * MiB, MapKind.Memory);
        table.Map(0x7F00_0000_0000, 0x4000_0000, 3 * PageTable.PageSize, MapKind.Memory);
        table.Map(0x0900_0000, 0x0900_0000, PageTable.PageSize, MapKind.Device);

        Assert.True(table.TryTranslate(0x1234_5678 & (64 * MiB - 1), out ulong physical, out MapKind kind));
        Assert.Equal(0x1234_5678UL & (64 * MiB - 1), physical);
        Assert.Equal(MapKind.Memory, kind);
        Assert.True(table.TryTranslate(0x7F00_0000_2010, out physical, out _));
        Assert.Equal(0x4000_2010UL, physical);
        Assert.False(table.TryTranslate(0x7F00_0000_3000, out _, out _));
        Assert.True(table.TryTranslate(0x0900_0040, out physical, out kind));
        Assert.Equal(0x0900_0040UL, physical);
        Assert.Equal(MapKind.Device, kind);
        Assert.False(table.TryTranslate(PageTable.AddressLimit, out _, out _));
        // 64 MiB in 2 MiB blocks: the root, one table per level below it, and one level-3 table for each small range.
        Assert.Equal(1 + 2 + 3 + 1, memory.Tables);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void UnmappingAPageInsideABlockSplitsIt(string isa)
    {
        var memory = new SimulatedMemory();
        var table = new PageTable(Format(isa), memory);
        table.Map(0, 0, 4 * MiB, MapKind.Memory);
        int before = memory.Tables;
        table.Unmap(0, 16 * PageTable.PageSize);            // the null guard
        table.Unmap(2 * MiB + 0x5000, PageTable.PageSize);  // a guard page
        Assert.Equal(before + 2, memory.Tables);
        Assert.False(table.TryTranslate(0, out _, out _));
        Assert.False(table.TryTranslate(0xF000, out _, out _));
        Assert.True(table.TryTranslate(0x10000, out ulong physical, out _));
        Assert.Equal(0x10000UL, physical);
        Assert.False(table.TryTranslate(2 * MiB + 0x5008, out _, out _));
        Assert.True(table.TryTranslate(2 * MiB + 0x6000, out physical, out _));
        Assert.Equal(2 * MiB + 0x6000, physical);
        table.Unmap(0, 4 * MiB);
        Assert.False(table.TryTranslate(0x20_0000 + 0x7000, out _, out _));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void BadRangesAreRefused(string isa)
    {
        var table = new PageTable(Format(isa), new SimulatedMemory());
        Assert.Throws<ArgumentException>(() => table.Map(0x1001, 0, PageTable.PageSize, MapKind.Memory));
        Assert.Throws<ArgumentException>(() => table.Map(0, 0x10, PageTable.PageSize, MapKind.Memory));
        Assert.Throws<ArgumentException>(() => table.Map(PageTable.AddressLimit - PageTable.PageSize, 0, 2 * PageTable.PageSize, MapKind.Memory));
        Assert.Throws<ArgumentException>(() => table.Unmap(0, 100));
    }

    [Fact]
    public void EntriesCarryEachIsasBits()
    {
        var x64 = new X64PageFormat();
        Assert.Equal(0x20_0083UL, x64.Leaf(0x20_0000, 2, MapKind.Memory));          // present, writable, 2 MiB
        Assert.Equal(0xFEE0_001BUL, x64.Leaf(0xFEE0_0000, 3, MapKind.Device));     // + cache disable, write-through
        var arm = new Arm64PageFormat();
        Assert.Equal(0x4020_0705UL, arm.Leaf(0x4020_0000, 2, MapKind.Memory));     // block, AF, inner shareable, attr 1
        Assert.Equal(0x0060_0000_0900_0403UL, arm.Leaf(0x0900_0000, 3, MapKind.Device)); // page, AF, attr 0, PXN, UXN
        Assert.Equal(0x1234_5003UL, arm.Table(0x1234_5000));
    }

    // Another kernel's memory (a one-copy link reads arrays there): never writable, and told apart when translated.
    [Fact]
    public void ReadOnlyMemoryLacksTheWriteBit()
    {
        var x64 = new X64PageFormat();
        Assert.Equal(0x20_0081UL, x64.Leaf(0x20_0000, 2, MapKind.ReadOnly));        // present, 2 MiB, not writable
        Assert.Equal(0x4000_1001UL, x64.Leaf(0x4000_1000, 3, MapKind.ReadOnly));
        Assert.Equal(MapKind.ReadOnly, x64.KindOf(x64.Leaf(0x4000_1000, 3, MapKind.ReadOnly)));
        Assert.Equal(MapKind.Memory, x64.KindOf(x64.Leaf(0x4000_1000, 3, MapKind.Memory)));
        var arm = new Arm64PageFormat();
        Assert.Equal(0x0060_0000_4020_0785UL, arm.Leaf(0x4020_0000, 2, MapKind.ReadOnly)); // + AP[2] read-only, PXN, UXN
        Assert.Equal(MapKind.ReadOnly, arm.KindOf(arm.Leaf(0x4020_1000, 3, MapKind.ReadOnly)));
        Assert.Equal(MapKind.Memory, arm.KindOf(arm.Leaf(0x4020_1000, 3, MapKind.Memory)));
        Assert.Equal(MapKind.Device, arm.KindOf(arm.Leaf(0x0900_0000, 3, MapKind.Device)));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void ARangeRemappedReadOnlyTranslatesAsReadOnly(string isa)
    {
        var table = new PageTable(Format(isa), new SimulatedMemory());
        table.Map(0x4000_0000, 0x4000_0000, 4 * MiB, MapKind.Memory);
        table.Map(0x4010_0000, 0x4010_0000, 3 * PageTable.PageSize, MapKind.ReadOnly);      // inside a block: split
        Assert.True(table.TryTranslate(0x4010_1234, out ulong physical, out MapKind kind));
        Assert.Equal(0x4010_1234UL, physical);
        Assert.Equal(MapKind.ReadOnly, kind);
        Assert.True(table.TryTranslate(0x4010_3000, out _, out kind));
        Assert.Equal(MapKind.Memory, kind);
        Assert.True(table.TryTranslate(0x400F_F000, out _, out kind));
        Assert.Equal(MapKind.Memory, kind);
    }
}
