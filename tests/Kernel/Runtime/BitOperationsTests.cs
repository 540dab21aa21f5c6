// BitOperations: counting and powers of two, at the edges.
using System.Numerics;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class BitOperationsTests
    {
        [Test]
        public static void CountsBits()
        {
            Assert.Equal(64, BitOperations.TrailingZeroCount(0UL));
            Assert.Equal(32, BitOperations.TrailingZeroCount(0U));
            Assert.Equal(0, BitOperations.TrailingZeroCount(1UL));
            Assert.Equal(63, BitOperations.TrailingZeroCount(1UL << 63));
            Assert.Equal(12, BitOperations.TrailingZeroCount(0x7000UL));
            Assert.Equal(64, BitOperations.LeadingZeroCount(0UL));
            Assert.Equal(32, BitOperations.LeadingZeroCount(0U));
            Assert.Equal(0, BitOperations.LeadingZeroCount(ulong.MaxValue));
            Assert.Equal(31, BitOperations.LeadingZeroCount(1U));
            Assert.Equal(51, BitOperations.LeadingZeroCount(0x1FFFUL));
            Assert.Equal(0, BitOperations.PopCount(0UL));
            Assert.Equal(64, BitOperations.PopCount(ulong.MaxValue));
            Assert.Equal(3, BitOperations.PopCount(0x8000_0000_0000_0101UL));
            Assert.Equal(32, BitOperations.PopCount(uint.MaxValue));
        }

        [Test]
        public static void PowersOfTwo()
        {
            Assert.Equal(0, BitOperations.Log2(0UL));
            Assert.Equal(0, BitOperations.Log2(1UL));
            Assert.Equal(12, BitOperations.Log2(4096UL));
            Assert.Equal(12, BitOperations.Log2(8191UL));
            Assert.Equal(31, BitOperations.Log2(uint.MaxValue));
            Assert.True(BitOperations.IsPow2(4096UL));
            Assert.False(BitOperations.IsPow2(0UL));
            Assert.False(BitOperations.IsPow2(12));
            Assert.Equal(0UL, BitOperations.RoundUpToPowerOf2(0UL));
            Assert.Equal(1UL, BitOperations.RoundUpToPowerOf2(1UL));
            Assert.Equal(4096UL, BitOperations.RoundUpToPowerOf2(4000UL));
            Assert.Equal(4096UL, BitOperations.RoundUpToPowerOf2(4096UL));
            Assert.Equal(0UL, BitOperations.RoundUpToPowerOf2((1UL << 63) + 1));
        }
    }
}
