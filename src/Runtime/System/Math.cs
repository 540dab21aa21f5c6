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
        public static double Min(double val1, double val2) => FloatingMath.Min(val1, val2);
        public static double Max(double val1, double val2) => FloatingMath.Max(val1, val2);
        public static float Min(float val1, float val2) => FloatingMath.Min(val1, val2);
        public static float Max(float val1, float val2) => FloatingMath.Max(val1, val2);
        public static short Min(short val1, short val2) => val1 <= val2 ? val1 : val2;
        public static short Max(short val1, short val2) => val1 >= val2 ? val1 : val2;
        public static byte Min(byte val1, byte val2) => val1 <= val2 ? val1 : val2;
        public static byte Max(byte val1, byte val2) => val1 >= val2 ? val1 : val2;

        public const double PI = 3.14159265358979323846;
        public const double E = 2.7182818284590452354;
        public const double Tau = 6.283185307179586476925;

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

        public static short Abs(short value)
        {
            if (value == short.MinValue) ThrowHelper.ThrowOverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? (short)-value : value;
        }

        // Clears the sign bit: Abs(-0.0) is +0.0, and a NaN keeps its payload.
        public static double Abs(double value) => FloatingMath.Abs(value);
        public static float Abs(float value) => FloatingMath.Abs(value);

        public static int Clamp(int value, int min, int max) => value < min ? min : value > max ? max : value;
        public static long Clamp(long value, long min, long max) => value < min ? min : value > max ? max : value;
        public static double Clamp(double value, double min, double max) => value < min ? min : value > max ? max : value;

        public static int Sign(int value) => value < 0 ? -1 : value > 0 ? 1 : 0;
        public static int Sign(long value) => value < 0 ? -1 : value > 0 ? 1 : 0;

        public static int Sign(double value)
        {
            if (double.IsNaN(value)) throw new ArithmeticException("Function does not accept floating point Not-a-Number values.");
            return value < 0 ? -1 : value > 0 ? 1 : 0;
        }

        public static long BigMul(int a, int b) => (long)a * b;

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

        // Exact results, computed on the bits (FloatingMath), the same on every ISA and as the BCL's.
        public static double Sqrt(double d) => FloatingMath.Sqrt(d);
        public static double Floor(double d) => FloatingMath.Floor(d);
        public static double Ceiling(double a) => FloatingMath.Ceiling(a);
        public static double Truncate(double d) => FloatingMath.Truncate(d);

        // Transcendental functions, to about 100 bits before one rounding (FloatingMath.Precise.cs): each result is the
        // correctly rounded one but in rare cases, and so almost always glibc's, which the BCL uses on Linux.
        public static double Exp(double d) => FloatingMath.Exp(d);
        public static double Log(double d) => FloatingMath.Log(d);
        public static double Log10(double d) => FloatingMath.Log10(d);
        public static double Pow(double x, double y) => FloatingMath.Pow(x, y);
        public static double Sin(double a) => FloatingMath.Sin(a);
        public static double Cos(double d) => FloatingMath.Cos(d);
        public static double Tan(double a) => FloatingMath.Tan(a);
        public static double Atan(double d) => FloatingMath.Atan(d);
        public static double Atan2(double y, double x) => FloatingMath.Atan2(y, x);

        // The BCL's special cases, then log a / log newBase.
        public static double Log(double a, double newBase)
        {
            if (double.IsNaN(a)) return a;
            if (double.IsNaN(newBase)) return newBase;
            if (newBase == 1) return double.NaN;
            if (a != 1 && (newBase == 0 || newBase == double.PositiveInfinity)) return double.NaN;
            return Log(a) / Log(newBase);
        }

        // To the nearest integer, halves to the even one (the BCL's default, MidpointRounding.ToEven); keeps the sign,
        // so -0.4 rounds to -0.
        public static double Round(double a) => FloatingMath.Round(a);

        public static double Round(double value, MidpointRounding mode) => mode switch
        {
            MidpointRounding.ToEven => FloatingMath.Round(value),
            MidpointRounding.AwayFromZero => FloatingMath.RoundAwayFromZero(value),
            MidpointRounding.ToZero => FloatingMath.Truncate(value),
            MidpointRounding.ToNegativeInfinity => FloatingMath.Floor(value),
            MidpointRounding.ToPositiveInfinity => FloatingMath.Ceiling(value),
            _ => throw new ArgumentException("The value is not a valid MidpointRounding.", nameof(mode)),
        };
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

        // x % y for doubles and floats: the remainder with the sign of x (C's fmod), exact.
        [Runtime.RuntimeExport("fmod")]
        private static double FMod(double x, double y) => FloatingMath.Remainder(x, y);

        [Runtime.RuntimeExport("fmodf")]
        private static float FModF(float x, float y) => FloatingMath.Remainder(x, y);
    }

    public static class MathF
    {
        public const float PI = 3.14159265f;
        public const float E = 2.71828183f;

        public static float Abs(float x) => FloatingMath.Abs(x);
        public static float Sqrt(float x) => FloatingMath.Sqrt(x);
        public static float Min(float x, float y) => FloatingMath.Min(x, y);
        public static float Max(float x, float y) => FloatingMath.Max(x, y);

        // A float widens to double exactly, and an integral double of a float's magnitude narrows back exactly.
        public static float Floor(float x) => (float)FloatingMath.Floor(x);
        public static float Ceiling(float x) => (float)FloatingMath.Ceiling(x);
        public static float Truncate(float x) => (float)FloatingMath.Truncate(x);
        public static float Round(float x) => (float)FloatingMath.Round(x);

        // Through double: its result is correctly rounded but in rare cases, and rounding it again to float is too but
        // when it lands on a float halfway point (about one input in 2^29).
        public static float Exp(float x) => (float)FloatingMath.Exp(x);
        public static float Log(float x) => (float)FloatingMath.Log(x);
        public static float Log10(float x) => (float)FloatingMath.Log10(x);
        public static float Pow(float x, float y) => (float)FloatingMath.Pow(x, y);
        public static float Sin(float x) => (float)FloatingMath.Sin(x);
        public static float Cos(float x) => (float)FloatingMath.Cos(x);
        public static float Tan(float x) => (float)FloatingMath.Tan(x);
        public static float Atan(float x) => (float)FloatingMath.Atan(x);
        public static float Atan2(float y, float x) => (float)FloatingMath.Atan2(y, x);
    }

    public enum MidpointRounding
    {
        ToEven = 0,
        AwayFromZero = 1,
        ToZero = 2,
        ToNegativeInfinity = 3,
        ToPositiveInfinity = 4,
    }
}
