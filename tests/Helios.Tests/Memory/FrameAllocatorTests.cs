// The frame allocator on the host: no frame handed out twice, every frame back after freeing, reservations and
// NUMA domains honoured, alignment kept, bad frees refused.
using Helios.Kernel.Boot;
using Helios.Kernel.Memory;
using Xunit;

namespace Helios.Tests.Memory;

public class FrameAllocatorTests
{
    private const ulong MiB = 1 << 20;
    private const ulong Frame = FrameAllocator.FrameSize;

    private static FrameAllocator Make(ulong start, ulong end, int domains = 1, List<MemoryAffinity> affinity = null, List<(ulong, ulong)> reserved = null)
        => new([(start, end)], affinity ?? [], reserved ?? [], domains);

    [Fact]
    public void EveryFrameIsHandedOutOnceAndComesBack()
    {
        var frames = Make(1 * MiB, 9 * MiB);
        Assert.Equal(2048UL, frames.TotalFrames);
        var seen = new HashSet<ulong>();
        while (frames.TryAllocate(1, out ulong address))
        {
            Assert.True(seen.Add(address), $"0x{address:x} handed out twice");
            Assert.InRange(address, 1 * MiB, 9 * MiB - Frame);
            Assert.Equal(0UL, address % Frame);
        }
        Assert.Equal(2048, seen.Count);
        Assert.Equal(0UL, frames.FreeFrames);
        foreach (ulong address in seen) frames.Free(address, 1);
        Assert.Equal(2048UL, frames.FreeFrames);
        Assert.True(frames.TryAllocate(2048, out ulong all));
        Assert.Equal(1 * MiB, all);
    }

    [Fact]
    public void InterleavedAllocationAndFreeingNeverDuplicates()
    {
        var frames = Make(0x100000, 0x100000 + 300 * Frame);
        var random = new Random(7);
        var held = new List<(ulong Address, ulong Count)>();
        var owner = new Dictionary<ulong, int>();
        for (int step = 0; step < 5000; step++)
        {
            if (held.Count > 0 && random.Next(3) == 0)
            {
                int i = random.Next(held.Count);
                (ulong address, ulong count) = held[i];
                held.RemoveAt(i);
                for (ulong f = 0; f < count; f++) owner.Remove(address + f * Frame);
                frames.Free(address, count);
            }
            else
            {
                ulong count = (ulong)random.Next(1, 9);
                ulong align = 1UL << random.Next(0, 3);
                if (!frames.TryAllocate(count, out ulong address, alignFrames: align)) continue;
                Assert.Equal(0UL, (address / Frame) % align);
                for (ulong f = 0; f < count; f++) Assert.True(owner.TryAdd(address + f * Frame, step), "a frame in use was handed out again");
                held.Add((address, count));
            }
            Assert.Equal(300UL - (ulong)owner.Count, frames.FreeFrames);
        }
    }

    [Fact]
    public void ReservedRangesAreNeverHandedOut()
    {
        var frames = Make(0, 4 * MiB, reserved: [(0x1000, 0x1800), (2 * MiB + 5, 2 * MiB + 6)]);
        Assert.Equal(2UL, frames.ReservedFrames);      // the frames holding 0x1000-0x1800 and 2 MiB + 5
        var seen = new HashSet<ulong>();
        while (frames.TryAllocate(1, out ulong address)) seen.Add(address);
        Assert.DoesNotContain(0x1000UL, seen);
        Assert.DoesNotContain(2 * MiB, seen);
        Assert.Equal(frames.TotalFrames - frames.ReservedFrames, (ulong)seen.Count);
    }

    [Fact]
    public void DomainsArePreferredAndCanBeStrict()
    {
        var affinity = new List<MemoryAffinity> { new(0, 4 * MiB, 0), new(4 * MiB, 4 * MiB, 1) };
        var frames = Make(1 * MiB, 8 * MiB, domains: 2, affinity: affinity);
        Assert.Equal(768UL, frames.FreeFramesIn(0));
        Assert.Equal(1024UL, frames.FreeFramesIn(1));
        Assert.True(frames.TryAllocate(1, out ulong inOne, domain: 1));
        Assert.Equal(1, frames.DomainOf(inOne));
        Assert.True(frames.TryAllocate(768, out _, domain: 0, strict: true));
        Assert.False(frames.TryAllocate(1, out _, domain: 0, strict: true));
        Assert.True(frames.TryAllocate(1, out ulong spilled, domain: 0));
        Assert.Equal(1, frames.DomainOf(spilled));
    }

    [Fact]
    public void LargeAlignedRunsAreFound()
    {
        var frames = Make(0x3000, 9 * MiB);
        Assert.True(frames.TryAllocate(512, out ulong twoMiB, alignFrames: 512));
        Assert.Equal(2 * MiB, twoMiB);
        Assert.True(frames.TryAllocate(512, out ulong next, alignFrames: 512));
        Assert.Equal(4 * MiB, next);
    }

    [Fact]
    public void BadFreesAreRefused()
    {
        var frames = Make(1 * MiB, 2 * MiB);
        Assert.True(frames.TryAllocate(2, out ulong address));
        frames.Free(address, 2);
        Assert.Throws<InvalidOperationException>(() => frames.Free(address, 1));
        Assert.Throws<InvalidOperationException>(() => frames.Free(0x5000, 1));
        Assert.Throws<InvalidOperationException>(() => frames.Free(address + 1, 1));
        Assert.Equal(256UL, frames.FreeFrames);
    }

    [Fact]
    public void NothingFitsWhenMemoryIsTooSmallOrFragmented()
    {
        var frames = Make(0, 3 * Frame);
        Assert.False(frames.TryAllocate(4, out _));
        Assert.True(frames.TryAllocate(1, out ulong a));
        Assert.True(frames.TryAllocate(1, out _));
        frames.Free(a, 1);
        Assert.False(frames.TryAllocate(2, out _));
        Assert.True(frames.TryAllocate(1, out _));
    }

    // Contiguous runs are found across used stretches of any length and at any bit position, and the largest free
    // run is what one allocation can get; checked against a plain model of the bitmap.
    [Fact]
    public void ContiguousRunsAreFoundAcrossFragmentation()
    {
        var random = new Random(7);
        for (int trial = 0; trial < 200; trial++)
        {
            var frames = Make(1 * MiB, 1 * MiB + 700 * Frame);
            var used = new bool[700];
            var held = new List<ulong>();
            for (int i = 0; i < 400; i++)
            {
                if (!frames.TryAllocate(1, out ulong one)) break;
                held.Add(one);
            }
            foreach (ulong address in held)
                if (random.Next(3) == 0) frames.Free(address, 1);
            for (int f = 0; f < 700; f++) used[f] = frames.IsInUse(1 * MiB + (ulong)f * Frame);
            ulong largest = 0, current = 0;
            foreach (bool u in used)
            {
                current = u ? 0 : current + 1;
                largest = Math.Max(largest, current);
            }
            Assert.Equal(largest, frames.LargestFreeRun);
            Assert.False(frames.TryAllocate(largest + 1, out _));
            ulong want = 1 + (ulong)random.Next((int)largest);
            Assert.True(frames.TryAllocate(want, out ulong run), $"no run of {want} although the largest is {largest}");
            int first = (int)((run - 1 * MiB) / Frame);
            for (int f = first; f < first + (int)want; f++) Assert.False(used[f], $"frame {f} was in use");
        }
    }
}
