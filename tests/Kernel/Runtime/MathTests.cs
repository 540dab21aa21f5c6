// System.Math, MathF and the floating-point `%` with results pinned bit for bit (the values the host CLR gives;
// tests/Helios.Tests/Runtime/FloatingMathAgainstTheBcl checks the same code on many more inputs). Arguments go through
// Opaque so that the C# compiler cannot fold them.
using System;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class MathTests
    {
        private static double Zero => Environment.NewLine.Length - 1;

        private static double Opaque(double value) => value + Zero;

        private static float Opaque(float value) => value + (float)Zero;

        private static long Bits(double value) => BitConverter.DoubleToInt64Bits(value);

        private static int Bits(float value) => BitConverter.SingleToInt32Bits(value);

        [Test]
        public static void AbsClearsTheSign()
        {
            Assert.Equal(0L, Bits(Math.Abs(-Opaque(0.0))));
            Assert.Equal(0, Bits(Math.Abs(-Opaque(0.0f))));
            Assert.Equal(2.5, Math.Abs(Opaque(-2.5)));
            Assert.Equal(double.PositiveInfinity, Math.Abs(Opaque(double.NegativeInfinity)));
            Assert.True(double.IsNaN(Math.Abs(Opaque(double.NaN))));
            Assert.Equal(5, Math.Abs(-5));
        }

        [Test]
        public static void SquareRoots()
        {
            Assert.Equal(0x3FF6A09E667F3BCDL, Bits(Math.Sqrt(Opaque(2.0))));
            Assert.Equal(0x3FD43D136248490FL, Bits(Math.Sqrt(Opaque(0.1))));
            Assert.Equal(0x1E60000000000000L, Bits(Math.Sqrt(Opaque(double.Epsilon))));
            Assert.Equal(0x5FEFFFFFFFFFFFFFL, Bits(Math.Sqrt(Opaque(double.MaxValue))));
            Assert.Equal(3.0, Math.Sqrt(Opaque(9.0)));
            Assert.Equal(long.MinValue, Bits(Math.Sqrt(-Opaque(0.0))));
            Assert.Equal(double.PositiveInfinity, Math.Sqrt(Opaque(double.PositiveInfinity)));
            Assert.True(double.IsNaN(Math.Sqrt(Opaque(-1.0))));
            Assert.Equal(0x3FB504F3, Bits(MathF.Sqrt(Opaque(2.0f))));
        }

        [Test]
        public static void RoundingsToIntegers()
        {
            Assert.Equal(-1.0, Math.Floor(Opaque(-0.5)));
            Assert.Equal(long.MinValue, Bits(Math.Ceiling(Opaque(-0.5))));
            Assert.Equal(long.MinValue, Bits(Math.Truncate(Opaque(-0.7))));
            Assert.Equal(2.0, Math.Ceiling(Opaque(1.0000000000000002)));
            Assert.Equal(4503599627370495.0, Math.Floor(Opaque(4503599627370495.5)));
            Assert.Equal(-4503599627370496.0, Math.Floor(Opaque(-4503599627370495.5)));
            Assert.Equal(1e300, Math.Floor(Opaque(1e300)));
            Assert.Equal(3.0, Math.Round(Opaque(2.5), MidpointRounding.AwayFromZero));
            Assert.Equal(-3.0, Math.Round(Opaque(-2.5), MidpointRounding.AwayFromZero));
            Assert.Equal(2.0, Math.Round(Opaque(2.5)));
            Assert.Equal(-2.0f, MathF.Floor(Opaque(-1.5f)));
            Assert.Equal(2.0f, MathF.Round(Opaque(2.5f)));
        }

        [Test]
        public static void MinAndMax()
        {
            Assert.Equal(long.MinValue, Bits(Math.Min(Opaque(0.0), -Opaque(0.0))));
            Assert.Equal(0L, Bits(Math.Max(-Opaque(0.0), Opaque(0.0))));
            Assert.True(double.IsNaN(Math.Min(Opaque(double.NaN), 1.0)));
            Assert.True(float.IsNaN(Math.Max(1.0f, Opaque(float.NaN))));
            Assert.Equal(-2.0f, Math.Min(Opaque(-2.0f), 3.0f));
            Assert.Equal(3.0f, MathF.Max(Opaque(-2.0f), 3.0f));
        }

        // The remainder is exact however large the quotient: 1e17 / 3.3 is about 3e16, beyond a double's integers.
        [Test]
        public static void RemaindersOfHugeQuotients()
        {
            Assert.Equal(0x400176940521CB40L, Bits(Opaque(1e17) % Opaque(3.3)));
            Assert.Equal(1.0, Opaque(1e300) % Opaque(7.0));
            Assert.Equal(unchecked((long)0xC00176940521CB40UL), Bits(Opaque(-1e17) % Opaque(3.3)));
            Assert.Equal(0x3FE60F80F052CA58L, Bits(Opaque(1e300) % Opaque(-3.3)));
            Assert.Equal(0x0151C210546B28C0L, Bits(Opaque(double.MaxValue) % Opaque(1e-300)));
            Assert.Equal(1L, Bits(Opaque(double.Epsilon) % Opaque(3.3)));
            Assert.Equal(0L, Bits(Opaque(1e300) % Opaque(double.Epsilon)));
            Assert.Equal(long.MinValue, Bits(Opaque(-6.0) % Opaque(3.0)));
            Assert.Equal(2.5, Opaque(2.5) % Opaque(double.PositiveInfinity));
            Assert.True(double.IsNaN(Opaque(double.PositiveInfinity) % Opaque(2.0)));
            Assert.True(double.IsNaN(Opaque(1.0) % Opaque(0.0)));
            Assert.Equal(0x3E979BD0, Bits(Opaque(1e10f) % Opaque(3.3f)));
        }

        [Test]
        public static void Constants()
        {
            Assert.Equal(0x400921FB54442D18L, Bits(Math.PI));
            Assert.Equal(0x4005BF0A8B145769L, Bits(Math.E));
            Assert.Equal(1, Math.Sign(Opaque(0.5)));
            Assert.Equal(-1, Math.Sign(-3));
        }

        // The transcendental functions: the host CLR's answers (glibc's), which the runtime's correctly rounded ones
        // match here; cos(1e22) and sin(1e300) need the exact reduction by π/2.
        [Test]
        public static void ExponentialsAndLogarithms()
        {
            Assert.Equal(0x4005BF0A8B145769L, Bits(Math.Exp(Opaque(1.0))));
            Assert.Equal(1L, Bits(Math.Exp(Opaque(-745.0))));
            Assert.Equal(0x7FED75AE7A50EE14L, Bits(Math.Exp(Opaque(709.7))));
            Assert.Equal(double.PositiveInfinity, Math.Exp(Opaque(710.0)));
            Assert.Equal(0x40026BB1BBB55516L, Bits(Math.Log(Opaque(10.0))));
            Assert.Equal(unchecked((long)0xC0874385446D71C3UL), Bits(Math.Log(Opaque(double.Epsilon))));
            Assert.Equal(double.NegativeInfinity, Math.Log(Opaque(0.0)));
            Assert.True(double.IsNaN(Math.Log(Opaque(-1.0))));
            Assert.Equal(3.0, Math.Log10(Opaque(1000.0)));
            Assert.Equal(0x3FD34413509F79FFL, Bits(Math.Log10(Opaque(2.0))));
            Assert.Equal(3.0, Math.Log(Opaque(8.0), 2.0));
        }

        [Test]
        public static void Powers()
        {
            Assert.Equal(0x3FF6A09E667F3BCDL, Bits(Math.Pow(Opaque(2.0), 0.5)));
            Assert.Equal(0x3F50624DD2F1A9FCL, Bits(Math.Pow(Opaque(10.0), -3.0)));
            Assert.Equal(-8.0, Math.Pow(Opaque(-2.0), 3.0));
            Assert.Equal(0x48F349445C228792L, Bits(Math.Pow(Opaque(1.0000001), 1e9)));
            Assert.Equal(1.0, Math.Pow(Opaque(double.NaN), 0.0));
            Assert.Equal(1.0, Math.Pow(Opaque(-1.0), double.PositiveInfinity));
            Assert.Equal(double.NegativeInfinity, Math.Pow(-Opaque(0.0), -3.0));
            Assert.True(double.IsNaN(Math.Pow(Opaque(-2.0), 0.5)));
            Assert.Equal(8.0f, MathF.Pow(Opaque(2.0f), 3.0f));
        }

        [Test]
        public static void Trigonometry()
        {
            Assert.Equal(0x3FEAED548F090CEEL, Bits(Math.Sin(Opaque(1.0))));
            Assert.Equal(0x3FE0BE2CEF01C8F4L, Bits(Math.Cos(Opaque(1e22))));
            Assert.Equal(unchecked((long)0xBFEA2C16B010E385UL), Bits(Math.Sin(Opaque(1e300))));
            Assert.Equal(0x434D02967C31CDB5L, Bits(Math.Tan(Opaque(1.5707963267948966))));
            Assert.Equal(0x3CA1A62633145C07L, Bits(Math.Sin(Opaque(Math.PI))));
            Assert.Equal(0x3FEC1528065B7D50L, Bits(Math.Cos(Opaque(0.5))));
            Assert.Equal(long.MinValue, Bits(Math.Sin(-Opaque(0.0))));
            Assert.True(double.IsNaN(Math.Cos(Opaque(double.PositiveInfinity))));
            Assert.Equal(0x3FE921FB54442D18L, Bits(Math.Atan(Opaque(1.0))));
            Assert.Equal(0x3EE4F8B588E06854L, Bits(Math.Atan(Opaque(1e-5))));
            Assert.Equal(0x4002D97C7F3321D2L, Bits(Math.Atan2(Opaque(1.0), -1.0)));
            Assert.Equal(unchecked((long)0xC00921FB54442D18UL), Bits(Math.Atan2(-Opaque(0.0), -1.0)));
            Assert.Equal(0.0f, MathF.Sin(Opaque(0.0f)));
            Assert.Equal(1.0f, MathF.Cos(Opaque(0.0f)));
        }
    }
}
