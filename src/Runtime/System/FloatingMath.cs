// The exact floating-point operations behind Math and MathF and the `%` operator, computed on the bits so that every
// result is the one IEEE 754 defines (and the BCL returns): square roots correctly rounded, roundings to integers,
// remainders exact however large the quotient. Pure code: tests/Helios.Tests compiles this file unchanged and checks it
// against the host CLR's System.Math bit for bit.
namespace System
{
    internal static partial class FloatingMath
    {
        private const ulong SignBit = 0x8000000000000000UL;
        private const ulong FractionMask = (1UL << 52) - 1;
        private const ulong ImplicitBit = 1UL << 52;

        private static ulong Bits(double value) => BitConverter.DoubleToUInt64Bits(value);

        private static double FromBits(ulong bits) => BitConverter.UInt64BitsToDouble(bits);

        private static int BiasedExponent(ulong bits) => (int)(bits >> 52) & 0x7FF;

        internal static double Abs(double x) => FromBits(Bits(x) & ~SignBit);

        internal static float Abs(float x) => BitConverter.UInt32BitsToSingle(BitConverter.SingleToUInt32Bits(x) & 0x7FFFFFFFu);

        internal static bool IsNegative(double x) => (long)Bits(x) < 0;

        internal static bool IsNegative(float x) => (int)BitConverter.SingleToUInt32Bits(x) < 0;

        // Toward zero: clear the fraction bits below the binary point. Keeps the sign (-0.5 → -0), NaN and infinities.
        internal static double Truncate(double x)
        {
            ulong bits = Bits(x);
            int exponent = BiasedExponent(bits) - 1023;
            if (exponent >= 52) return exponent == 1024 ? x + x : x;    // an integer already; NaN (quieted) or infinite
            if (exponent < 0) return FromBits(bits & SignBit);  // |x| < 1
            return FromBits(bits & ~(FractionMask >> exponent));
        }

        internal static double Floor(double x)
        {
            double whole = Truncate(x);
            // Below zero with a fraction dropped: one less. -0.5 gives -1, -0 stays -0. Exact below 2^52.
            return IsNegative(x) && whole != x ? whole - 1.0 : whole;
        }

        internal static double Ceiling(double x)
        {
            double whole = Truncate(x);
            if (whole == x || IsNegative(x)) return whole;      // -0.5 gives -0, as the BCL does
            return whole + 1.0;
        }

        // To the nearest integer, halves to the even one (MidpointRounding.ToEven), keeping the sign (-0.4 → -0).
        internal static double Round(double x)
        {
            ulong bits = Bits(x);
            int exponent = BiasedExponent(bits) - 1023;
            if (exponent >= 52) return exponent == 1024 ? x + x : x;
            double magnitude = Abs(x);
            double whole = Truncate(magnitude);
            double fraction = magnitude - whole;                // exact: both below 2^52 with the same exponent or less
            if (fraction > 0.5 || (fraction == 0.5 && IsOdd(whole))) whole += 1.0;
            return FromBits(Bits(whole) | (bits & SignBit));
        }

        // Halves away from zero (MidpointRounding.AwayFromZero).
        internal static double RoundAwayFromZero(double x)
        {
            ulong bits = Bits(x);
            if (BiasedExponent(bits) - 1023 >= 52) return BiasedExponent(bits) == 0x7FF ? x + x : x;
            double magnitude = Abs(x);
            double whole = Truncate(magnitude);
            if (magnitude - whole >= 0.5) whole += 1.0;
            return FromBits(Bits(whole) | (bits & SignBit));
        }

        // Whether an integral double below 2^52 is odd.
        private static bool IsOdd(double whole)
        {
            if (whole == 0) return false;
            ulong bits = Bits(whole);
            int exponent = BiasedExponent(bits) - 1023;
            ulong mantissa = (bits & FractionMask) | ImplicitBit;
            return ((mantissa >> (52 - exponent)) & 1) != 0;
        }

        // The correctly rounded square root: the integer square root of the mantissa, one bit at a time, with one bit
        // more than the result keeps and the remainder as the sticky bit.
        internal static double Sqrt(double x)
        {
            ulong bits = Bits(x);
            int biased = BiasedExponent(bits);
            if (biased == 0x7FF)
                return (bits & FractionMask) != 0 || (bits & SignBit) == 0 ? x + x : (x - x) / (x - x); // NaN, +inf; -inf → NaN
            if ((bits & ~SignBit) == 0) return x;               // ±0
            if ((bits & SignBit) != 0) return (x - x) / (x - x);    // the invalid operation's NaN, as the ISA makes it

            // x = mantissa × 2^(exponent - 52), mantissa in [2^52, 2^53).
            ulong mantissa = bits & FractionMask;
            int exponent = biased - 1023;
            if (biased == 0)
            {
                exponent = -1022;
                while ((mantissa & ImplicitBit) == 0) { mantissa <<= 1; exponent--; }
            }
            else mantissa |= ImplicitBit;
            if ((exponent & 1) != 0) { mantissa <<= 1; exponent--; }    // an even exponent: mantissa in [2^52, 2^54)

            // root = floor(sqrt(mantissa × 2^54)), 54 bits: the result's 53 and a rounding bit.
            ulong remainder = 0, root = 0;
            for (int i = 0; i < 54; i++)
            {
                int shift = 52 - 2 * i;
                remainder = (remainder << 2) | (shift >= 0 ? (mantissa >> shift) & 3 : 0);
                ulong trial = (root << 2) | 1;
                root <<= 1;
                if (remainder >= trial) { remainder -= trial; root |= 1; }
            }
            ulong result = root >> 1;
            if ((root & 1) != 0 && (remainder != 0 || (result & 1) != 0)) result++;    // to nearest, ties to even
            // The carry of a rounding, if any, runs into the exponent field as it should.
            return FromBits(((ulong)(exponent / 2 + 1023) << 52) + (result - ImplicitBit));
        }

        // A float's square root through double is correctly rounded: double carries more than twice float's bits.
        internal static float Sqrt(float x) => (float)Sqrt((double)x);

        // C's fmod: x - n×y with n = trunc(x/y), computed exactly by long division on the mantissas, one bit of
        // quotient per step, so that 1e300 % 7 keeps its remainder. The result is exact (it fits x's precision).
        internal static double Remainder(double x, double y)
        {
            ulong xBits = Bits(x), yBits = Bits(y);
            int xExponent = BiasedExponent(xBits), yExponent = BiasedExponent(yBits);
            if ((yBits << 1) == 0 || xExponent == 0x7FF || (yBits & ~SignBit) > 0x7FF0000000000000UL)
                return x * y / (x * y);                         // y = 0, x infinite, or a NaN: NaN as the ISA makes it
            if ((xBits << 1) <= (yBits << 1))
                return (xBits << 1) == (yBits << 1) ? 0 * x : x;    // |x| <= |y| (this covers y infinite)

            ulong xMantissa = Normalize(xBits, ref xExponent);
            ulong yMantissa = Normalize(yBits, ref yExponent);
            for (; xExponent > yExponent; xExponent--)
            {
                if (xMantissa >= yMantissa)
                {
                    if (xMantissa == yMantissa) return 0 * x;
                    xMantissa -= yMantissa;
                }
                xMantissa <<= 1;
            }
            if (xMantissa >= yMantissa)
            {
                if (xMantissa == yMantissa) return 0 * x;
                xMantissa -= yMantissa;
            }
            while ((xMantissa & ImplicitBit) == 0) { xMantissa <<= 1; xExponent--; }

            ulong magnitude = xExponent > 0
                ? ((ulong)xExponent << 52) | (xMantissa & FractionMask)
                : xMantissa >> (1 - xExponent);                 // subnormal: exact, the result is below |y|
            return FromBits(magnitude | (xBits & SignBit));
        }

        // The mantissa with its implicit bit, in [2^52, 2^53); a subnormal is shifted up and its exponent goes below 1.
        private static ulong Normalize(ulong bits, ref int biasedExponent)
        {
            ulong mantissa = bits & FractionMask;
            if (biasedExponent != 0) return mantissa | ImplicitBit;
            biasedExponent = 1;
            while ((mantissa & ImplicitBit) == 0) { mantissa <<= 1; biasedExponent--; }
            return mantissa;
        }

        // Exact in double, so exact after the conversion back: a float remainder fits a float.
        internal static float Remainder(float x, float y) => (float)Remainder((double)x, (double)y);

        // IEEE 754-2019 maximum and minimum, as the BCL computes them: a NaN wins, -0 is below +0. Which NaN, when both
        // are, is the ISA's choice in the BCL; here it is y's, quieted, as on x86_64.
        internal static double Max(double x, double y)
        {
            if (double.IsNaN(y)) return y + y;
            if (double.IsNaN(x)) return x + x;
            if (x != y) return x > y ? x : y;
            return IsNegative(y) ? x : y;
        }

        internal static double Min(double x, double y)
        {
            if (double.IsNaN(y)) return y + y;
            if (double.IsNaN(x)) return x + x;
            if (x != y) return x < y ? x : y;
            return IsNegative(x) ? x : y;
        }

        internal static float Max(float x, float y)
        {
            if (float.IsNaN(y)) return y + y;
            if (float.IsNaN(x)) return x + x;
            if (x != y) return x > y ? x : y;
            return IsNegative(y) ? x : y;
        }

        internal static float Min(float x, float y)
        {
            if (float.IsNaN(y)) return y + y;
            if (float.IsNaN(x)) return x + x;
            if (x != y) return x < y ? x : y;
            return IsNegative(x) ? x : y;
        }
    }
}
