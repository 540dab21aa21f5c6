// Exp, Log, Pow, Sin, Cos, Tan, Atan and Atan2 to about 100 bits before one final rounding (double-double arithmetic: a value is hi + lo,
// |lo| <= ulp(hi)/2), so that each result is the correctly rounded one but for inputs within 2^-100 of a rounding
// boundary. The BCL's (glibc's) are within 0.52 ulp, so the two agree bit for bit on nearly all inputs: the figures
// are in docs/runtime.md and FloatingMathAgainstTheBcl.
namespace System
{
    internal static partial class FloatingMath
    {
        // ---- double-double arithmetic -----------------------------------------------------------------------------

        private struct DoubleDouble
        {
            public double Hi, Lo;

            public DoubleDouble(double hi, double lo) { Hi = hi; Lo = lo; }

            public static DoubleDouble Add(DoubleDouble a, DoubleDouble b)
            {
                double s = a.Hi + b.Hi;
                double v = s - a.Hi;
                double e = (a.Hi - (s - v)) + (b.Hi - v);           // TwoSum: a.Hi + b.Hi = s + e exactly
                e += a.Lo + b.Lo;
                return Normalize(s, e);
            }

            public static DoubleDouble Multiply(DoubleDouble a, DoubleDouble b)
            {
                double p = a.Hi * b.Hi;
                double e = TwoProductError(a.Hi, b.Hi, p) + (a.Hi * b.Lo + a.Lo * b.Hi);
                return Normalize(p, e);
            }

            public static DoubleDouble Multiply(DoubleDouble a, double b)
            {
                double p = a.Hi * b;
                double e = TwoProductError(a.Hi, b, p) + a.Lo * b;
                return Normalize(p, e);
            }

            public static DoubleDouble Negate(DoubleDouble a) => new DoubleDouble(-a.Hi, -a.Lo);

            public static DoubleDouble Sqrt(DoubleDouble a)
            {
                double s = FloatingMath.Sqrt(a.Hi);
                double p = s * s;
                double e = ((a.Hi - p) - TwoProductError(s, s, p) + a.Lo) / (2 * s);
                return Normalize(s, e);
            }

            public static DoubleDouble Divide(DoubleDouble a, DoubleDouble b)
            {
                double q1 = a.Hi / b.Hi;
                DoubleDouble r = Add(a, Multiply(b, -q1));
                double q2 = r.Hi / b.Hi;
                r = Add(r, Multiply(b, -q2));
                double q3 = r.Hi / b.Hi;
                return Add(Normalize(q1, q2), new DoubleDouble(q3, 0));
            }

            private static DoubleDouble Normalize(double hi, double lo)
            {
                double s = hi + lo;
                return new DoubleDouble(s, lo - (s - hi));          // FastTwoSum: |hi| >= |lo|
            }
        }

        private static readonly DoubleDouble Ln2 = new DoubleDouble(0.6931471805599453, 2.3190468138462996e-17);

        // log(x) for finite x > 0: x = 2^k·(1 + f) with 1 + f in [√2/2, √2], log(1 + f) = 2·atanh(s), s = f/(2 + f),
        // |s| < 0.172: 2(s + s³/3 + s⁵/5 + ...), the first terms in double-double, the small ones in double.
        private static DoubleDouble LogPrecise(double x)
        {
            int k = 0;
            ulong bits = Bits(x);
            if ((bits >> 52) == 0)                                  // subnormal
            {
                x *= 18014398509481984.0;                           // 2^54
                k = -54;
                bits = Bits(x);
            }
            uint hx = (uint)(bits >> 32) + (0x3FF00000 - 0x3FE6A09E);
            k += (int)(hx >> 20) - 0x3FF;
            hx = (hx & 0x000FFFFF) + 0x3FE6A09E;
            double m = FromBits(((ulong)hx << 32) | (bits & 0xFFFFFFFF));  // in [√2/2, √2], exact
            double f = m - 1.0;                                      // exact (Sterbenz)
            // 2 + f may round: f in [-0.29, 0.42] has 53 bits from 2^-2 down, 2 + f needs 2^1 down: recover the error.
            double twoPlusF = 2.0 + f, lost = f - (twoPlusF - 2.0);
            DoubleDouble s = DoubleDouble.Divide(new DoubleDouble(f, 0), new DoubleDouble(twoPlusF, lost));
            DoubleDouble s2 = DoubleDouble.Multiply(s, s);
            double z = s2.Hi;
            // 1 + s²/3 + s⁴/5 + s⁶/7 + ...: from s⁶ on in double (below 2^-15 of the sum), the rest in double-double.
            double tail = 0;
            for (int n = 41; n >= 7; n -= 2) tail = tail * z + 1.0 / n;
            tail *= z;                                               // s²/7 + s⁴/9 + ...
            DoubleDouble series = DoubleDouble.Add(new DoubleDouble(1.0 / 5, -1.1102230246251566e-17), new DoubleDouble(tail, 0));
            series = DoubleDouble.Add(DoubleDouble.Multiply(series, s2), new DoubleDouble(1.0 / 3, 1.8503717077085943e-17));
            series = DoubleDouble.Add(DoubleDouble.Multiply(series, s2), new DoubleDouble(1.0, 0));
            DoubleDouble logM = DoubleDouble.Multiply(DoubleDouble.Multiply(series, s), 2.0);
            return DoubleDouble.Add(DoubleDouble.Multiply(Ln2, k), logM);
        }

        // e^(hi + lo): k = round((hi + lo)/ln 2), r = hi + lo - k·ln 2 in double-double, |r| <= 0.35, e^r by its
        // Taylor series in double-double after halving r four times, squared back four times, then × 2^k.
        private static double ExpPrecise(DoubleDouble x)
        {
            if (x.Hi > 709.782712893384) return double.PositiveInfinity;
            if (x.Hi < -745.1332191019412) return 0.0;
            double k = Round(x.Hi * InvLn2);
            DoubleDouble r = DoubleDouble.Add(x, DoubleDouble.Multiply(Ln2, -k));
            DoubleDouble sum = ExpSeries(new DoubleDouble(r.Hi * 0.0625, r.Lo * 0.0625));
            for (int i = 0; i < 4; i++) sum = DoubleDouble.Multiply(sum, sum);
            int scale = (int)k;
            if (scale > -1021) return ScaleB(sum.Hi + sum.Lo, scale);
            // A subnormal result: round once, at the subnormal's precision.
            double hi = ScaleB(sum.Hi, scale);
            double rest = sum.Hi - ScaleB(hi, -scale);              // exact: what the scaling dropped
            return hi + ScaleB(rest + sum.Lo, scale);
        }

        // e^r - 1 + 1 for |r| <= 0.022 in double-double: Horner over 1/n!, each coefficient a double-double.
        private static DoubleDouble ExpSeries(DoubleDouble r)
        {
            DoubleDouble sum = new DoubleDouble(1.0, 0);
            for (int n = 14; n >= 1; n--)
            {
                DoubleDouble term = DoubleDouble.Divide(DoubleDouble.Multiply(r, sum), new DoubleDouble(n, 0));
                sum = DoubleDouble.Add(term, new DoubleDouble(1.0, 0));
            }
            return sum;
        }

        internal static double Exp(double x)
        {
            if (double.IsNaN(x)) return x + x;
            if (double.IsInfinity(x)) return x > 0 ? x : 0.0;
            if (Abs(x) < 1.0 / 18014398509481984.0) return 1.0 + x;    // |x| < 2^-54
            return ExpPrecise(new DoubleDouble(x, 0));
        }

        internal static double Log(double x)
        {
            if (LogSpecial(x) is double special) return special;
            DoubleDouble log = LogPrecise(x);
            return log.Hi + log.Lo;
        }

        // log10 as glibc computes it (its e_log10.c): x = 2^n·m with m in [1, 2) (in [1/2, 1) when n < 0), then
        // n·log10(2) (hi + lo) + log(m)/ln 10, with log correctly rounded.
        internal static double Log10(double x)
        {
            if (LogSpecial(x) is double special) return special;
            ulong bits = Bits(x);
            int k = 0;
            if ((bits >> 52) == 0)
            {
                x *= 18014398509481984.0;                           // 2^54
                k = -54;
                bits = Bits(x);
            }
            k += (int)(bits >> 52) - 1023;
            int i = k < 0 ? 1 : 0;
            double y = k + i;
            double m = FromBits((bits & FractionMask) | ((ulong)(0x3FF - i) << 52));
            const double IvLn10 = 4.34294481903251816668e-01;
            const double Log10Of2Hi = 3.01029995663611771306e-01, Log10Of2Lo = 3.69423907715893078616e-13;
            double z = y * Log10Of2Lo + IvLn10 * Log(m);
            return z + y * Log10Of2Hi;
        }

        private static bool IsSignaling(double x) => double.IsNaN(x) && (Bits(x) & (1UL << 51)) == 0;

        // x^y with IEEE 754's (and the BCL's) special cases; otherwise e^(y·log|x|), negated for a negative x and an
        // odd integer y.
        internal static double Pow(double x, double y)
        {
            // x^0 and 1^y are 1 even for a quiet NaN; a signaling one makes a NaN (IEEE 754, and glibc).
            if (y == 0) return IsSignaling(x) ? x + x : 1.0;
            if (x == 1.0) return IsSignaling(y) ? y + y : 1.0;
            if (double.IsNaN(x) || double.IsNaN(y)) return x + y;
            // Exact or correctly rounded by one operation; x^0.5 is √x but for -0 and -∞.
            if (y == 1) return x;
            if (y == 2) return x * x;
            if (y == -1) return 1.0 / x;
            if (y == 0.5 && x > 0 && x != double.PositiveInfinity) return Sqrt(x);
            bool yInteger = Truncate(y) == y;
            bool yOdd = yInteger && Abs(y) < 9007199254740992.0 && ((long)y & 1) != 0;
            if (double.IsInfinity(y))
            {
                double ax = Abs(x);
                if (ax == 1.0) return 1.0;
                return (ax > 1.0) == (y > 0) ? double.PositiveInfinity : 0.0;
            }
            if (x == 0)
            {
                if (y < 0) return yOdd ? 1.0 / x : double.PositiveInfinity;     // ±inf keeps x's sign for odd y
                return yOdd ? x : 0.0;
            }
            if (double.IsInfinity(x))
            {
                if (x > 0) return y > 0 ? x : 0.0;
                if (y > 0) return yOdd ? x : double.PositiveInfinity;
                return yOdd ? -0.0 : 0.0;
            }
            bool negate = false;
            if (x < 0)
            {
                if (!yInteger) return (x - x) / (x - x);           // a negative base to a fraction: NaN
                negate = yOdd;
                x = -x;
                if (x == 1.0) return negate ? -1.0 : 1.0;          // (-1)^y, y perhaps too large for the product
            }
            DoubleDouble log = LogPrecise(x);
            double estimate = log.Hi * y;
            double result = estimate > 710 ? double.PositiveInfinity      // far out of range (y may be huge)
                : estimate < -746 ? 0.0
                : ExpPrecise(DoubleDouble.Multiply(log, y));
            return negate ? -result : result;
        }

        // ---- sin, cos, tan ----------------------------------------------------------------------------------------

        // x = n·π/2 + y, |y| about π/4 at most, y in double-double. Below 2^20·π/2 Cody and Waite's reduction with π/2
        // in four parts, the first three of 33 bits so that n times them is exact (fdlibm's constants); above,
        // Payne and Hanek's.
        private static int ReduceByHalfPi(double x, out DoubleDouble y)
        {
            const double InvPiOver2 = 6.36619772367581382433e-01;
            const double PiOver2_1 = 1.57079632673412561417e+00, PiOver2_2 = 6.07710050630396597660e-11;
            const double PiOver2_3 = 2.02226624871116645580e-21, PiOver2_3t = 8.47842766036889956997e-32;
            if ((HighWord(x) & 0x7FFFFFFF) >= 0x413921FB)
            {
                int large = ReduceLarge(x, out double y0, out double y1);
                y = new DoubleDouble(y0, y1);
                return large;
            }
            const double ToInt = 1.5 / 2.220446049250313e-16;       // 1.5·2^52: adding it rounds to an integer
            double fn = x * InvPiOver2 + ToInt - ToInt;
            double r = x - fn * PiOver2_1;                          // exact: n·PiOver2_1 is exact and close to x
            y = DoubleDouble.Add(new DoubleDouble(r, 0), new DoubleDouble(-fn * PiOver2_2, 0));
            y = DoubleDouble.Add(y, new DoubleDouble(-fn * PiOver2_3, 0));
            y = DoubleDouble.Add(y, new DoubleDouble(-fn * PiOver2_3t, 0));
            return (int)fn;
        }

        // |x| <= π/4 is its own reduced argument.
        private static int Reduce(double x, uint ix, out DoubleDouble y)
        {
            if (ix > 0x3FE921FB) return ReduceByHalfPi(x, out y);
            y = new DoubleDouble(x, 0);
            return 0;
        }

        // sin y = y(1 - y²/(2·3)(1 - y²/(4·5)(1 - ...))), 14 terms: enough for |y| < 0.8.
        private static DoubleDouble SinSeries(DoubleDouble y)
        {
            DoubleDouble y2 = DoubleDouble.Multiply(y, y), sum = new DoubleDouble(1.0, 0);
            for (int n = 14; n >= 1; n--)
                sum = DoubleDouble.Add(new DoubleDouble(1.0, 0), DoubleDouble.Negate(DoubleDouble.Divide(DoubleDouble.Multiply(y2, sum), new DoubleDouble(2 * n * (2 * n + 1), 0))));
            return DoubleDouble.Multiply(sum, y);
        }

        // cos y = 1 - y²/(1·2)(1 - y²/(3·4)(1 - ...)).
        private static DoubleDouble CosSeries(DoubleDouble y)
        {
            DoubleDouble y2 = DoubleDouble.Multiply(y, y), sum = new DoubleDouble(1.0, 0);
            for (int n = 14; n >= 1; n--)
                sum = DoubleDouble.Add(new DoubleDouble(1.0, 0), DoubleDouble.Negate(DoubleDouble.Divide(DoubleDouble.Multiply(y2, sum), new DoubleDouble((2 * n - 1) * 2 * n, 0))));
            return sum;
        }

        internal static double Sin(double x)
        {
            uint ix = HighWord(x) & 0x7FFFFFFF;
            if (ix < 0x3E500000) return x;                          // |x| < 2^-26: sin x rounds to x
            if (ix >= 0x7FF00000) return x - x;                     // NaN (quieted), or ±inf: NaN
            int n = Reduce(x, ix, out DoubleDouble y);
            DoubleDouble result = (n & 3) switch
            {
                0 => SinSeries(y),
                1 => CosSeries(y),
                2 => DoubleDouble.Negate(SinSeries(y)),
                _ => DoubleDouble.Negate(CosSeries(y)),
            };
            return result.Hi + result.Lo;
        }

        internal static double Cos(double x)
        {
            uint ix = HighWord(x) & 0x7FFFFFFF;
            if (ix < 0x3E46A09E) return 1.0;                        // |x| < 2^-27·√2: cos x rounds to 1
            if (ix >= 0x7FF00000) return x - x;
            int n = Reduce(x, ix, out DoubleDouble y);
            DoubleDouble result = (n & 3) switch
            {
                0 => CosSeries(y),
                1 => DoubleDouble.Negate(SinSeries(y)),
                2 => DoubleDouble.Negate(CosSeries(y)),
                _ => SinSeries(y),
            };
            return result.Hi + result.Lo;
        }

        internal static double Tan(double x)
        {
            uint ix = HighWord(x) & 0x7FFFFFFF;
            if (ix < 0x3E400000) return x;                          // |x| < 2^-27: tan x rounds to x
            if (ix >= 0x7FF00000) return x - x;
            int n = Reduce(x, ix, out DoubleDouble y);
            DoubleDouble sin = SinSeries(y), cos = CosSeries(y);
            DoubleDouble result = (n & 1) == 0 ? DoubleDouble.Divide(sin, cos) : DoubleDouble.Negate(DoubleDouble.Divide(cos, sin));
            return result.Hi + result.Lo;
        }

        // ---- atan, atan2 ------------------------------------------------------------------------------------------

        private static readonly DoubleDouble HalfPi = new DoubleDouble(1.5707963267948966, 6.123233995736766e-17);
        private static readonly DoubleDouble Pi = new DoubleDouble(3.141592653589793, 1.2246467991473532e-16);

        // atan t for t >= 0 in double-double: above 1, π/2 - atan(1/t); then three halvings of the angle,
        // atan t = 2·atan(t/(1 + √(1 + t²))), leave t <= tan(π/32) and the series t(1 - t²/3 + t⁴/5 - ...) 17 terms.
        private static DoubleDouble AtanSeries(DoubleDouble t)
        {
            bool inverted = t.Hi > 1.0;
            if (inverted) t = DoubleDouble.Divide(new DoubleDouble(1.0, 0), t);
            DoubleDouble one = new DoubleDouble(1.0, 0);
            for (int i = 0; i < 3; i++)
                t = DoubleDouble.Divide(t, DoubleDouble.Add(one, DoubleDouble.Sqrt(DoubleDouble.Add(one, DoubleDouble.Multiply(t, t)))));
            DoubleDouble t2 = DoubleDouble.Multiply(t, t), sum = new DoubleDouble(1.0 / 35, 0);
            for (int n = 16; n >= 0; n--)
            {
                // sum = 1/(2n + 1) - t²·sum, with 1/(2n + 1) in double-double.
                DoubleDouble inverse = DoubleDouble.Divide(one, new DoubleDouble(2 * n + 1, 0));
                sum = DoubleDouble.Add(inverse, DoubleDouble.Negate(DoubleDouble.Multiply(t2, sum)));
            }
            DoubleDouble atan = DoubleDouble.Multiply(DoubleDouble.Multiply(sum, t), 8.0);
            return inverted ? DoubleDouble.Add(HalfPi, DoubleDouble.Negate(atan)) : atan;
        }

        internal static double Atan(double x)
        {
            uint ix = HighWord(x) & 0x7FFFFFFF;
            if (ix >= 0x44100000)                                   // |x| >= 2^66, or NaN
                return double.IsNaN(x) ? x + x : x > 0 ? HalfPi.Hi : -HalfPi.Hi;
            if (ix < 0x3E400000) return x;                          // |x| < 2^-27: atan x rounds to x
            DoubleDouble atan = AtanSeries(new DoubleDouble(Abs(x), 0));
            double result = atan.Hi + atan.Lo;
            return x < 0 ? -result : result;
        }

        // atan2(y, x): the angle of (x, y), from atan of the exact quotient |y/x| (in double-double), then by quadrant;
        // IEEE 754's (and the BCL's) special cases for zeros and infinities.
        internal static double Atan2(double y, double x)
        {
            if (double.IsNaN(x) || double.IsNaN(y)) return x + y;
            bool yNegative = IsNegative(y), xNegative = IsNegative(x);
            double angle;
            if (y == 0)
                angle = xNegative ? Pi.Hi : 0.0;                    // ±0 and ±π by the sign of x (and of y, below)
            else if (x == 0)
                angle = HalfPi.Hi;
            else if (double.IsInfinity(x))
                angle = double.IsInfinity(y) ? (xNegative ? 3 * Pi.Hi / 4 : Pi.Hi / 4) : (xNegative ? Pi.Hi : 0.0);
            else if (double.IsInfinity(y))
                angle = HalfPi.Hi;
            else
            {
                double ay = Abs(y), ax = Abs(x);
                const double TwoTo66 = 7.378697629483821e19, TwoToMinus66 = 1.3552527156068805e-20;
                if (ay > ax * TwoTo66)                              // |y/x| > 2^66: π/2 to the last bit
                    angle = HalfPi.Hi;
                else if (ay < ax * TwoToMinus66)                    // |y/x| < 2^-66: atan is the quotient (or π - it)
                    angle = xNegative ? Pi.Hi : ay / ax;
                else
                {
                    // Within 2^66 of each other: scale both (exactly) away from overflow and underflow, where Dekker's
                    // products inside the division would not be exact.
                    if (ay > 1e300 || ax > 1e300) { ay *= 7.888609052210118e-31; ax *= 7.888609052210118e-31; }          // 2^-100
                    else if (ay < 1e-200 && ax < 1e-200) { ay *= 1.6069380442589903e60; ax *= 1.6069380442589903e60; }  // 2^200
                    DoubleDouble quotient = DoubleDouble.Divide(new DoubleDouble(ay, 0), new DoubleDouble(ax, 0));
                    DoubleDouble atan = AtanSeries(quotient);
                    if (xNegative) atan = DoubleDouble.Add(Pi, DoubleDouble.Negate(atan));
                    angle = atan.Hi + atan.Lo;
                }
            }
            return yNegative ? -angle : angle;
        }
    }
}
