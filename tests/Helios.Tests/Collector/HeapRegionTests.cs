// A heap region: its layout, finding the object an interior pointer points into, sweeping unmarked objects into
// free chunks, and the sorted region table.
using Internal.Runtime.Collector;
using Xunit;

namespace Helios.Tests.Collector;

public sealed unsafe class HeapRegionTests
{
    [Fact]
    public void LayoutLeavesTheFirstHeaderInsideTheRegion()
    {
        using var memory = new HostMemory(1 << 20);
        HeapRegion region = default;
        Assert.True(region.Initialize(memory.Start, memory.Size, HeapRegion.HostOwned));
        Assert.True(region.Base - 8 >= (byte*)(region.MarkBits + region.BitmapWords));
        Assert.True(region.AreaEnd - 8 == memory.Start + memory.Size);
        Assert.True(region.BitmapWords * 64 * 8 >= region.AreaBytes);
        for (nuint i = 0; i < 2 * region.BitmapWords; i++) Assert.Equal(0UL, region.AllocBits[i]);
        Assert.False(region.Initialize(memory.Start, 200, 0));
    }

    [Theory]
    [InlineData(131_072)]
    [InlineData(4096)]
    [InlineData(131_096)]
    [InlineData(1_000_000)]
    [InlineData(41_943_064)]
    public void ARegionOfSizeForHoldsItsObject(int objectSize)
    {
        nuint size = HeapRegion.SizeFor((nuint)objectSize);
        using var memory = new HostMemory(size);
        HeapRegion region = default;
        Assert.True(region.Initialize(memory.Start, size, HeapRegion.Large));
        Assert.True(region.AreaBytes >= (nuint)objectSize);
        Assert.True(size < (nuint)objectSize + (nuint)objectSize / 16 + 256, "the bitmaps cost about 1/32");
    }

    [Fact]
    public void InteriorPointersFindTheirObject()
    {
        using var types = new FakeTypes();
        byte* node = types.Class(32, 8, 16);
        byte* bytes = types.PrimitiveArray(1);
        using var memory = new HostMemory(1 << 16);
        HeapRegion region = default;
        region.Initialize(memory.Start, memory.Size, 0);
        byte* first = region.Base;
        byte* second = Place(ref region, first + 32, bytes, 100);           // 24 + 100 → 128 bytes
        byte* third = Place(ref region, second + 128 + 64, node, 0);      // a 64-byte gap before it
        Place(ref region, first, node, 0);

        Assert.True(region.FindObject(first) == first);
        Assert.True(region.FindObject(first - 8) == first, "the header word belongs to its object");
        Assert.True(region.FindObject(first + 23) == first);
        Assert.True(region.FindObject(first + 24) == second, "the next object's header");
        Assert.True(region.FindObject(second + 16 + 99) == second, "the last element");
        Assert.True(region.FindObject(second + 120) == null, "past the elements: the gap");
        Assert.True(region.FindObject(third - 16) == null);
        Assert.True(region.FindObject(third + 8) == third);
        Assert.True(region.FindObject(region.Base - 16) == null, "the bitmaps");
        Assert.True(region.FindObject(memory.Start + memory.Size) == null, "past the region");
    }

    [Fact]
    public void SweepingFreesUnmarkedObjectsAndCoalescesGaps()
    {
        using var types = new FakeTypes();
        byte* node = types.Class(32, 8);
        using var memory = new HostMemory(1 << 16);
        HeapRegion region = default;
        region.Initialize(memory.Start, memory.Size, 0);
        var objects = new List<nint>();
        for (int i = 0; i < 10; i++) objects.Add((nint)Place(ref region, region.Base + 32 * i, node, 0));
        Assert.True(region.TryMark((byte*)objects[0]));
        Assert.False(region.TryMark((byte*)objects[0]));
        Assert.True(region.TryMark((byte*)objects[5]));
        Assert.Equal(64UL, region.Marked);

        FreeLists lists = default;
        lists.Clear();
        region.Sweep(&lists);
        Assert.True(region.IsAllocated((byte*)objects[0]) && region.IsAllocated((byte*)objects[5]));
        Assert.False(region.IsAllocated((byte*)objects[1]));
        Assert.False(region.IsMarked((byte*)objects[0]), "no mark survives the sweep");
        Assert.Equal(0UL, region.Marked);
        Assert.Equal(region.AreaBytes - 64, lists.Bytes);
        Assert.Equal(2UL, lists.Chunks);                 // objects 1-4 as one chunk, 6 to the end as another
        Assert.True(lists.Take(128, out nuint size) == (byte*)objects[1]);
        Assert.Equal((nuint)128, size);
        Assert.True(region.FindObject((byte*)objects[2]) == null);
    }

    [Fact]
    public void TheTableFindsRegionsByAddress()
    {
        using var memory = new HostMemory(1 << 20);
        RegionTable table = default;
        HeapRegion high = default, low = default, middle = default;
        high.Initialize(memory.Start + (768 << 10), 256 << 10, 0);
        low.Initialize(memory.Start, 256 << 10, 0);
        middle.Initialize(memory.Start + (256 << 10), 256 << 10, HeapRegion.HostOwned);
        Assert.True(table.Add(high));
        Assert.True(table.Add(low));
        Assert.True(table.Add(middle));
        Assert.Equal(3, table.Count);
        Assert.True(table[0]->Start == low.Start && table[1]->Start == middle.Start && table[2]->Start == high.Start);
        Assert.True(table.Find(memory.Start + (300 << 10))->Start == middle.Start);
        Assert.True(table.Find(memory.Start + (600 << 10)) == null, "between regions");
        Assert.True(table.Find(memory.Start - 8) == null);
        table.RemoveAt(1);
        Assert.True(table.Find(memory.Start + (300 << 10)) == null);
        Assert.True(table.Find(memory.Start + (800 << 10))->Start == high.Start);
    }

    // An object as the allocator leaves it: typed, length set, its start bit set.
    internal static byte* Place(ref HeapRegion region, byte* at, byte* methodTable, int length)
    {
        *(byte**)at = methodTable;
        *(int*)(at + 8) = length;
        region.SetAllocated(at);
        return at;
    }
}
