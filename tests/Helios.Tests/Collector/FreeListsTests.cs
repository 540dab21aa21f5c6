// The heap's free lists: exact fit below 1 KiB, first fit within a power of two above, smallest list that fits first.
using Internal.Runtime.Collector;
using Xunit;

namespace Helios.Tests.Collector;

public sealed unsafe class FreeListsTests
{
    [Fact]
    public void TakesTheSmallestChunkThatFits()
    {
        using var memory = new HostMemory(1 << 16);
        FreeLists lists = default;
        lists.Clear();
        byte* a = memory.Start + 8, b = memory.Start + 1024, c = memory.Start + 4096;
        lists.Add(a, 64);
        lists.Add(b, 32);
        lists.Add(c, 2048);
        Assert.Equal(64UL + 32 + 2048, lists.Bytes);
        Assert.True(lists.Take(24, out nuint size) == b);
        Assert.Equal((nuint)32, size);
        Assert.True(lists.Take(40, out size) == a);
        Assert.Equal((nuint)64, size);
        Assert.True(lists.Take(40, out size) == c);
        Assert.Equal((nuint)2048, size);
        Assert.True(lists.Take(24, out size) == null);
        Assert.Equal(0UL, lists.Bytes);
        Assert.Equal(0UL, lists.Chunks);
    }

    [Fact]
    public void ChunksTooSmallForAnObjectAreDropped()
    {
        using var memory = new HostMemory(4096);
        FreeLists lists = default;
        lists.Clear();
        lists.Add(memory.Start + 8, 16);
        lists.Add(memory.Start + 64, 8);
        Assert.Equal(0UL, lists.Bytes);
        Assert.True(lists.Take(8, out _) == null);
    }

    [Fact]
    public void LargeListsAreFirstFitWithinThePowerOfTwo()
    {
        using var memory = new HostMemory(1 << 20);
        FreeLists lists = default;
        lists.Clear();
        byte* small = memory.Start + 8, big = memory.Start + 65536;
        lists.Add(small, 1100);     // both in the 1 KiB..2 KiB list
        lists.Add(big, 1900);
        Assert.True(lists.Take(1500, out nuint size) == big);
        Assert.Equal((nuint)1900, size);
        Assert.True(lists.Take(1500, out _) == null);
        Assert.True(lists.Take(1000, out size) == small);
    }

    // Random chunks in, random sizes out: every chunk handed out is one that went in, at least as big as asked, given
    // once; the byte count follows.
    [Fact]
    public void RandomUseKeepsEveryChunkOnce()
    {
        using var memory = new HostMemory(8 << 20);
        var random = new Random(5);
        FreeLists lists = default;
        lists.Clear();
        var free = new Dictionary<nint, nuint>();
        byte* next = memory.Start + 8;
        for (int i = 0; i < 3000; i++)
        {
            nuint size = (nuint)(random.Next(3, i % 10 == 0 ? 600 : 130) * 8);
            lists.Add(next, size);
            free.Add((nint)next, size);
            next += size;
        }
        ulong expected = 0;
        foreach (nuint size in free.Values) expected += size;
        Assert.Equal(expected, lists.Bytes);
        for (int i = 0; i < 5000; i++)
        {
            nuint want = (nuint)(random.Next(3, 700) * 8);
            byte* chunk = lists.Take(want, out nuint got);
            bool anyFits = free.Values.Any(s => s >= want);
            Assert.Equal(anyFits, chunk != null);
            if (chunk == null) continue;
            Assert.True(free.Remove((nint)chunk, out nuint recorded), "a chunk that was not free");
            Assert.Equal(recorded, got);
            Assert.True(got >= want);
            expected -= got;
            Assert.Equal(expected, lists.Bytes);
            if (i % 3 == 0)
            {
                lists.Add(chunk, got);
                free.Add((nint)chunk, got);
                expected += got;
            }
        }
    }
}
