// Integer arithmetic as C# defines it: wrapping by default, checked on request, division that truncates, and the
// errors (overflow, division by zero) reported as the exceptions C# promises.
using System;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class ArithmeticTests
    {
        // Values the compiler cannot fold.
        private static int Opaque(int value) => value + Zero;
        private static long OpaqueLong(long value) => value + Zero;
        private static int Zero => Environment.NewLine.Length - 1;

        [Test]
        public static void WrappingAndDivision()
        {
            int max = Opaque(int.MaxValue);
            Assert.Equal(int.MinValue, unchecked(max + 1));
            Assert.Equal(-3, Opaque(-7) / 2);
            Assert.Equal(-1, Opaque(-7) % 2);
            Assert.Equal(3, Opaque(7) / Opaque(2));
            Assert.Equal(0x80000000u, (uint)Opaque(1) << 31);
            Assert.Equal(-1, Opaque(-8) >> 3);
            Assert.Equal(1UL << 63, (ulong)OpaqueLong(1) << 63);
            Assert.Equal(1234567890123L, OpaqueLong(1234567890123) * 10 / 10);
            Assert.Equal(4, Math.Max(Opaque(4), Opaque(-9)));
            Assert.Equal(9, Math.Abs(Opaque(-9)));
        }

        private static double OpaqueDouble(double value) => value + Zero;

        // Math.Round rounds halves to even (banker's rounding), as the BCL does; the sign of zero survives.
        [Test]
        public static void RoundingHalvesToEven()
        {
            Assert.Equal(2.0, Math.Round(OpaqueDouble(2.5)));
            Assert.Equal(4.0, Math.Round(OpaqueDouble(3.5)));
            Assert.Equal(-2.0, Math.Round(OpaqueDouble(-2.5)));
            Assert.Equal(0.0, Math.Round(OpaqueDouble(0.5)));
            Assert.Equal(2.0, Math.Round(OpaqueDouble(1.5)));
            Assert.Equal(3.0, Math.Round(OpaqueDouble(2.5000000000000004)));
            Assert.Equal(0.0, Math.Round(OpaqueDouble(0.49999999999999994)));
            Assert.Equal(-3.0, Math.Round(OpaqueDouble(-2.7)));
            Assert.Equal("-0", Math.Round(OpaqueDouble(-0.4)).ToString());
            Assert.Equal(4503599627370497.0, Math.Round(OpaqueDouble(4503599627370497.0)));
            Assert.Equal(1e300, Math.Round(OpaqueDouble(1e300)));
            Assert.True(double.IsNaN(Math.Round(OpaqueDouble(double.NaN))));
            Assert.Equal(2.0f, MathF.Round((float)OpaqueDouble(2.5)));
        }

        // Math.Min and Math.Max propagate NaN and order -0 below +0.
        [Test]
        public static void MinAndMaxOfDoubles()
        {
            double nan = OpaqueDouble(double.NaN);
            Assert.True(double.IsNaN(Math.Max(nan, 1.0)));
            Assert.True(double.IsNaN(Math.Max(1.0, nan)));
            Assert.True(double.IsNaN(Math.Min(nan, 1.0)));
            Assert.True(double.IsNaN(Math.Min(1.0, nan)));
            Assert.Equal("-0", Math.Min(OpaqueDouble(0.0), -OpaqueDouble(0.0)).ToString());
            Assert.Equal("0", Math.Max(-OpaqueDouble(0.0), OpaqueDouble(0.0)).ToString());
            Assert.Equal(3.5, Math.Max(OpaqueDouble(3.5), -1.0));
            Assert.Equal(-1.0, Math.Min(OpaqueDouble(3.5), -1.0));
        }

        [Test]
        public static void CheckedArithmeticThatFits()
        {
            int a = Opaque(1000);
            Assert.Equal(1000000, checked(a * a));
            Assert.Equal(255, checked((byte)Opaque(255)));
        }

        [Test]
        [ExpectPanic("System.OverflowException: Arithmetic operation resulted in an overflow.")]
        public static void CheckedOverflowIsReported()
        {
            int max = Opaque(int.MaxValue);
            int result = checked(max + Opaque(1));
            Assert.Fail("no overflow: " + result.ToString());
        }

        [Test]
        [ExpectPanic("System.OverflowException: Arithmetic operation resulted in an overflow.")]
        public static void CheckedNarrowingIsReported()
        {
            long big = OpaqueLong(1L << 40);
            int narrowed = checked((int)big);
            Assert.Fail("no overflow: " + narrowed.ToString());
        }

        [Test]
        [ExpectPanic("System.DivideByZeroException: Attempted to divide by zero.")]
        public static void IntegerDivisionByZeroIsReported()
        {
            int quotient = Opaque(10) / Opaque(0);
            Assert.Fail("no exception: " + quotient.ToString());
        }
    }
}
