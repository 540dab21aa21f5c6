// Bit counting, as the BCL's BitOperations. The compiler may replace these with single instructions where the target
// ISA level has them ([Intrinsic]); the bodies are the portable fallback.
using System.Runtime.CompilerServices;

namespace System.Numerics
{
    public static class BitOperations
    {
        [Intrinsic]
        public static int TrailingZeroCount(ulong value)
        {
            if (value == 0) return 64;
            int count = 0;
            if ((value & 0xFFFFFFFF) == 0) { count += 32; value >>= 32; }
            if ((value & 0xFFFF) == 0) { count += 16; value >>= 16; }
            if ((value & 0xFF) == 0) { count += 8; value >>= 8; }
            if ((value & 0xF) == 0) { count += 4; value >>= 4; }
            if ((value & 0x3) == 0) { count += 2; value >>= 2; }
            if ((value & 0x1) == 0) count += 1;
            return count;
        }

        [Intrinsic]
        public static int TrailingZeroCount(uint value) => value == 0 ? 32 : TrailingZeroCount((ulong)value);

        [Intrinsic]
        public static int LeadingZeroCount(ulong value)
        {
            if (value == 0) return 64;
            int count = 0;
            if ((value >> 32) == 0) { count += 32; value <<= 32; }
            if ((value >> 48) == 0) { count += 16; value <<= 16; }
            if ((value >> 56) == 0) { count += 8; value <<= 8; }
            if ((value >> 60) == 0) { count += 4; value <<= 4; }
            if ((value >> 62) == 0) { count += 2; value <<= 2; }
            if ((value >> 63) == 0) count += 1;
            return count;
        }

        [Intrinsic]
        public static int LeadingZeroCount(uint value) => value == 0 ? 32 : LeadingZeroCount((ulong)value) - 32;

        [Intrinsic]
        public static int PopCount(ulong value)
        {
            value -= (value >> 1) & 0x5555555555555555;
            value = (value & 0x3333333333333333) + ((value >> 2) & 0x3333333333333333);
            value = (value + (value >> 4)) & 0x0F0F0F0F0F0F0F0F;
            return (int)((value * 0x0101010101010101) >> 56);
        }

        [Intrinsic]
        public static int PopCount(uint value) => PopCount((ulong)value);

        [Intrinsic]
        public static int Log2(ulong value) => 63 ^ LeadingZeroCount(value | 1);

        [Intrinsic]
        public static int Log2(uint value) => 31 ^ LeadingZeroCount(value | 1);

        public static bool IsPow2(ulong value) => value != 0 && (value & (value - 1)) == 0;

        public static bool IsPow2(int value) => value > 0 && (value & (value - 1)) == 0;

        public static ulong RoundUpToPowerOf2(ulong value)
        {
            if (value <= 1) return value;       // 0 stays 0, as in the BCL
            int zeros = LeadingZeroCount(value - 1);
            return zeros == 0 ? 0 : 1UL << (64 - zeros);     // 0 when the result does not fit, as in the BCL
        }
    }
}
