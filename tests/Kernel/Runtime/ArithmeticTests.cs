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
