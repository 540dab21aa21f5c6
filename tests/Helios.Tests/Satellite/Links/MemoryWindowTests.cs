#nullable enable
// A kernel's memory window (MemoryWindow): offsets from its first range's start; the sender's side names only blocks
// inside one range; the receiver's side turns an offset into an address only when [offset, +length) lies inside one
// range: never outside, straddling a hole or the end, or wrapping past 2^32.
using Helios.Satellite.Links;
using Xunit;

namespace Helios.Tests.Satellite.Links;

public sealed unsafe class MemoryWindowTests
{
    private const ulong MiB = 1 << 20;

    // Two ranges with a hole between: [1 GiB, +16 MiB) and [1 GiB + 32 MiB, +16 MiB).
    private static MemoryWindow Window() => new(new[] { (0x4000_0000UL, 16 * MiB), (0x4000_0000UL + 32 * MiB, 16 * MiB) });

    [Fact]
    public void OffsetsAreFromTheFirstRangesStart()
    {
        MemoryWindow window = Window();
        Assert.True(window.TryOffsetOf(0x4000_1000, 4096, out uint offset));
        Assert.Equal(0x1000u, offset);
        Assert.True(window.TryOffsetOf(0x4000_0000 + 32 * MiB, 64, out offset));
        Assert.Equal((uint)(32 * MiB), offset);
        Assert.Equal(0x4000_0000UL + 32 * MiB + 8, (ulong)window.TryAt((uint)(32 * MiB + 8), 64));
        Assert.Equal(0x4000_0000UL, (ulong)window.TryAt(0, 16 * (uint)MiB));
    }

    [Theory]
    [InlineData(16 * MiB, 1)]                   // in the hole
    [InlineData(16 * MiB - 64, 128)]            // straddling the first range's end into the hole
    [InlineData(48 * MiB, 1)]                   // just past the end
    [InlineData(48 * MiB - 1, 2)]               // straddling the end
    [InlineData(0xFFFF_FF00UL, 0x200)]          // wrapping past 2^32
    [InlineData(0xFFFF_FFFFUL, 0xFFFF_FFFFUL)]
    public void AnythingNotInsideOneRangeIsRefused(ulong offset, ulong length)
    {
        MemoryWindow window = Window();
        Assert.True(window.TryAt((uint)offset, (uint)length) == null);
        Assert.False(window.TryOffsetOf(0x4000_0000 + offset, (uint)length, out _));
    }

    [Fact]
    public void AddressesBelowOrFarAboveTheWindowHaveNoOffset()
    {
        MemoryWindow window = Window();
        Assert.False(window.TryOffsetOf(0x3FFF_F000, 64, out _));
        Assert.False(window.TryOffsetOf(0x4000_0000 + (5UL << 32), 64, out _));
        Assert.False(window.TryOffsetOf(ulong.MaxValue - 16, 64, out _));
    }

    [Fact]
    public void BadRangesMakeNoWindow()
    {
        Assert.Throws<ArgumentException>(() => new MemoryWindow(Array.Empty<(ulong, ulong)>()));
        Assert.Throws<ArgumentException>(() => new MemoryWindow(new[] { (0x1000UL, 0UL) }));
        Assert.Throws<ArgumentException>(() => new MemoryWindow(new[] { (0x10_0000UL, MiB), (0x8_0000UL, MiB) }));     // not sorted
        Assert.Throws<ArgumentException>(() => new MemoryWindow(new[] { (0x1000UL, 4096UL), (0x1000UL + (4UL << 30), 4096UL) }));   // > 4 GiB
        Assert.False(MemoryWindow.Fits(new[] { (0x1000UL, 4096UL), (0x1000UL + (4UL << 30), 4096UL) }));
        Assert.True(MemoryWindow.Fits(new[] { (0x1000UL, 4096UL), (0x1000UL + (4UL << 30) - 4096, 4096UL) }));
    }
}
