// Helpers of the transcendental functions (FloatingMath.Precise.cs): the reduction of large arguments by π/2 for Sin,
// Cos and Tan (Payne and Hanek, with the bits of 2/π), Dekker's exact product error, ScaleB, log's special cases.
//
// The digits of 2/π and the parts of π/2 (Precise.cs) are fdlibm's:
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided that this notice
//   is preserved.
namespace System
{
    internal static partial class FloatingMath
    {
        private static uint HighWord(double x) => (uint)(Bits(x) >> 32);

        // x × 2^n, exact unless the result overflows or is subnormal (then correctly rounded once).
        internal static double ScaleB(double x, int n)
        {
            if (n > 1023)
            {
                x *= 8.98846567431158e307;      // 2^1023
                n -= 1023;
                if (n > 1023)
                {
                    x *= 8.98846567431158e307;
                    n -= 1023;
                    if (n > 1023) n = 1023;
                }
            }
            else if (n < -1022)
            {
                // Scale by 2^-1022 × 2^53 so that the final multiplication rounds only once, into the subnormals.
                x *= 2.2250738585072014e-308 * 9007199254740992.0;
                n += 1022 - 53;
                if (n < -1022)
                {
                    x *= 2.2250738585072014e-308 * 9007199254740992.0;
                    n += 1022 - 53;
                    if (n < -1022) n = -1022;
                }
            }
            return x * FromBits((ulong)(0x3FF + n) << 52);
        }

        private const double InvLn2 = 1.44269504088896338700e+00;

        // NaN for negatives and NaN, -inf for ±0, +inf for +inf; otherwise null.
        private static double? LogSpecial(double x)
        {
            ulong bits = Bits(x);
            if ((bits << 1) == 0) return double.NegativeInfinity;
            if (double.IsNaN(x)) return x + x;
            if ((long)bits < 0) return (x - x) / 0.0;
            if (bits == 0x7FF0000000000000UL) return x;
            return null;
        }

        // ---- sin, cos, tan --------------------------------------------------------------------------------------

        // 2/π in 24-bit digits, 1,584 bits: enough for the largest double's reduction.
        private static readonly int[] TwoOverPi =
        {
            0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7,
            0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C,
            0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11,
            0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7,
            0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E,
            0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
        };

        // Payne and Hanek: |x| = m·2^e with m a 53-bit integer. The digits of 2/π before j0 only add multiples of 4
        // to |x|·2/π, and those after j0 + Digits less than 2^-150: the product of m and the digits between, exact in
        // 24-bit limbs, gives n mod 4 and 126 bits of the fraction, which times π/2 in double-double is y0 + y1.
        private static int ReduceLarge(double x, out double y0, out double y1)
        {
            const int Digits = 12;
            ulong bits = Bits(x);
            int e = (int)((bits >> 52) & 0x7FF) - 1075;
            ulong m = (bits & FractionMask) | ImplicitBit;
            int j0 = Math.Max(0, (e - 55) / 24 - 1);
            ulong m0 = m >> 48, m1 = (m >> 24) & 0xFFFFFF, m2 = m & 0xFFFFFF;
            var product = new ulong[Digits + 2];
            for (int j = 0; j < Digits; j++)
            {
                ulong d = (ulong)TwoOverPi[j0 + j];
                product[j] += m0 * d;
                product[j + 1] += m1 * d;
                product[j + 2] += m2 * d;
            }
            for (int i = product.Length - 1; i > 0; i--)
            {
                product[i - 1] += product[i] >> 24;
                product[i] &= 0xFFFFFF;
            }
            // Bit b of limb i weighs 2^(point - 24i + b). Weights 2^1 and 2^0 (n mod 4) go to bits 63 and 62 of high,
            // 2^-1 .. 2^-62 to bits 61 .. 0, 2^-63 .. 2^-126 to bits 63 .. 0 of low.
            int point = 24 - 24 * j0 + e;
            ulong high = 0, low = 0;
            for (int i = 0; i < product.Length; i++)
            {
                for (int b = 0; b < 24; b++)
                {
                    int weight = point - 24 * i + b;
                    if (weight > 1 || weight < -126) continue;
                    ulong bit = (product[i] >> b) & 1;
                    if (weight >= -62) high |= bit << (weight + 62);
                    else low |= bit << (weight + 126);
                }
            }
            int n = (int)(high >> 62);
            high &= (1UL << 62) - 1;
            bool below = false;                                     // the reduced argument is fraction - 1 < 0
            if ((high >> 61) != 0)
            {
                n++;
                below = true;
                ulong borrow = low != 0 ? 1UL : 0;
                low = unchecked(0UL - low);
                high = (1UL << 62) - high - borrow;
            }
            // The fraction (or 1 - it) as a double-double: its top 53 bits exactly, then the rest.
            const double TwoToMinus62 = 2.168404344971009e-19, TwoToMinus126 = 1.1754943508222875e-38;
            double fHi = (double)(high & ~0x1FFUL) * TwoToMinus62;
            double fLo = (double)(high & 0x1FF) * TwoToMinus62 + (double)low * TwoToMinus126;
            // π/2 = P1 + P2; (fHi + fLo)(P1 + P2) with fHi·P1's rounding error by Dekker's product.
            const double P1 = 1.5707963267948966, P2 = 6.123233995736766e-17;
            double productHi = fHi * P1;
            double productLo = TwoProductError(fHi, P1, productHi) + (fHi * P2 + fLo * P1);
            y0 = productHi + productLo;
            y1 = productLo - (y0 - productHi);
            if (below != ((long)bits < 0)) { y0 = -y0; y1 = -y1; }
            return (long)bits < 0 ? -n : n;
        }

        // The rounding error of a × b (= p rounded): a·b - p exactly, by Dekker's splitting (no fused multiply-add).
        private static double TwoProductError(double a, double b, double p)
        {
            const double Split = 134217729.0;                       // 2^27 + 1
            double ta = Split * a, aHi = ta - (ta - a), aLo = a - aHi;
            double tb = Split * b, bHi = tb - (tb - b), bLo = b - bHi;
            return ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo;
        }
    }
}
