namespace System
{
    public static partial class Math
    {
        public static int Min(int a, int b) => a <= b ? a : b;
        public static int Max(int a, int b) => a >= b ? a : b;
        public static uint Min(uint a, uint b) => a <= b ? a : b;
        public static uint Max(uint a, uint b) => a >= b ? a : b;
        public static long Min(long a, long b) => a <= b ? a : b;
        public static long Max(long a, long b) => a >= b ? a : b;
        public static ulong Min(ulong a, ulong b) => a <= b ? a : b;
        public static ulong Max(ulong a, ulong b) => a >= b ? a : b;
        public static nuint Min(nuint a, nuint b) => a <= b ? a : b;
        public static nuint Max(nuint a, nuint b) => a >= b ? a : b;

        // NaN wins, and -0 is below +0 (IEEE 754-2019 minimum and maximum, which the BCL follows).
        public static double Min(double a, double b)
        {
            if (double.IsNaN(a) || double.IsNaN(b)) return double.NaN;
            if (a != b) return a < b ? a : b;
            return IsNegative(a) ? a : b;
        }

        public static double Max(double a, double b)
        {
            if (double.IsNaN(a) || double.IsNaN(b)) return double.NaN;
            if (a != b) return a > b ? a : b;
            return IsNegative(a) ? b : a;
        }

        private static unsafe bool IsNegative(double d) => *(long*)&d < 0;

        public static int Abs(int value)
        {
            if (value == int.MinValue) ThrowHelper.ThrowOverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? -value : value;
        }

        public static long Abs(long value)
        {
            if (value == long.MinValue) ThrowHelper.ThrowOverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? -value : value;
        }

        public static double Abs(double value) => value < 0 ? -value : value;

        public static int Clamp(int value, int min, int max) => value < min ? min : value > max ? max : value;

        public static int Sign(long value) => value < 0 ? -1 : value > 0 ? 1 : 0;

        public static int DivRem(int a, int b, out int result)
        {
            int q = a / b;
            result = a - q * b;
            return q;
        }

        public static ulong DivRem(ulong a, ulong b, out ulong result)
        {
            ulong q = a / b;
            result = a - q * b;
            return q;
        }

        // To the nearest integer, halves to the even one (the BCL's default, MidpointRounding.ToEven); keeps the sign,
        // so -0.4 rounds to -0. Computed on the magnitude, where subtracting the integer part is exact.
        public static double Round(double a)
        {
            double magnitude = a < 0 ? -a : a;
            if (!(magnitude < 4503599627370496.0)) return a;    // NaN, infinities, and doubles that are integers already
            double whole = Floor(magnitude);
            double fraction = magnitude - whole;
            if (fraction > 0.5 || (fraction == 0.5 && Floor(whole * 0.5) * 2 != whole)) whole += 1;
            return a < 0 || IsNegative(a) ? -whole : whole;
        }

        public static double Floor(double d)
        {
            if (d >= 9.2e18 || d <= -9.2e18 || double.IsNaN(d)) return d;
            long t = (long)d;
            return t > d ? t - 1 : t;
        }
    }

    // Helpers ilc calls by name (its contract) where the ISA lacks an instruction or needs explicit checks.
    public static partial class Math
    {
        internal static int DivInt32(int dividend, int divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            if (divisor == -1 && dividend == int.MinValue) throw new OverflowException();
            return dividend / divisor;
        }

        internal static uint DivUInt32(uint dividend, uint divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            return dividend / divisor;
        }

        internal static long DivInt64(long dividend, long divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            if (divisor == -1 && dividend == long.MinValue) throw new OverflowException();
            return dividend / divisor;
        }

        internal static ulong DivUInt64(ulong dividend, ulong divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            return dividend / divisor;
        }

        internal static int ModInt32(int dividend, int divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            return divisor == -1 ? 0 : dividend % divisor;
        }

        internal static uint ModUInt32(uint dividend, uint divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            return dividend % divisor;
        }

        internal static long ModInt64(long dividend, long divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            return divisor == -1 ? 0 : dividend % divisor;
        }

        internal static ulong ModUInt64(ulong dividend, ulong divisor)
        {
            if (divisor == 0) throw new DivideByZeroException();
            return dividend % divisor;
        }

        internal static long MultiplyChecked(long a, long b) => checked(a * b);

        internal static ulong MultiplyChecked(ulong a, ulong b) => checked(a * b);

        internal static int ConvertToInt32Checked(double value)
        {
            if (!(value > -2147483649.0 && value < 2147483648.0)) throw new OverflowException();
            return (int)value;
        }

        internal static uint ConvertToUInt32Checked(double value)
        {
            if (!(value > -1.0 && value < 4294967296.0)) throw new OverflowException();
            return (uint)value;
        }

        internal static long ConvertToInt64Checked(double value)
        {
            if (!(value >= -9223372036854775808.0 && value < 9223372036854775808.0)) throw new OverflowException();
            return (long)value;
        }

        internal static ulong ConvertToUInt64Checked(double value)
        {
            if (!(value > -1.0 && value < 18446744073709551616.0)) throw new OverflowException();
            return value < 9223372036854775808.0 ? (ulong)(long)value : (ulong)(long)(value - 9223372036854775808.0) + 0x8000000000000000UL;
        }

        // x % y for doubles: the remainder with the sign of x (C's fmod).
        [Runtime.RuntimeExport("fmod")]
        private static double FMod(double x, double y)
        {
            if (double.IsNaN(x) || double.IsNaN(y) || double.IsInfinity(x) || y == 0) return double.NaN;
            if (double.IsInfinity(y)) return x;
            double quotient = x / y;
            double truncated = quotient < 0 ? -Floor(-quotient) : Floor(quotient);
            return x - truncated * y;
        }

        [Runtime.RuntimeExport("fmodf")]
        private static float FModF(float x, float y) => (float)FMod(x, y);
    }

    public static class MathF
    {
        public static float Round(float x) => (float)Math.Round(x);
    }
}
