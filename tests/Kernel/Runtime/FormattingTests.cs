// Formatting integers in decimal and hex, interpolated strings (with format and alignment), composite formatting and
// parsing.
using System;
using System.Globalization;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class FormattingTests
    {
        [Test]
        public static void DecimalFormatting()
        {
            Assert.Equal("0", 0.ToString());
            Assert.Equal("-42", (-42).ToString());
            Assert.Equal("2147483647", int.MaxValue.ToString());
            Assert.Equal("-2147483648", int.MinValue.ToString());
            Assert.Equal("-9223372036854775808", long.MinValue.ToString());
            Assert.Equal("18446744073709551615", ulong.MaxValue.ToString());
            Assert.Equal("00042", 42.ToString("D5"));
            Assert.Equal("-007", (-7).ToString("D3"));
            Assert.Equal("255", ((byte)255).ToString());
            Assert.Equal("-128", sbyte.MinValue.ToString());
        }

        // "G" with a precision means significant digits (scientific notation when they are fewer than the number's),
        // unlike "D", which pads.
        [Test]
        public static void GeneralIntegerFormatting()
        {
            Assert.Equal("42", 42.ToString("G5"));
            Assert.Equal("42", 42.ToString("G"));
            Assert.Equal("-42", (-42).ToString("g9"));
            Assert.Equal("1.23E+05", 123456.ToString("G3"));
            Assert.Equal("1E+04", 10000.ToString("G2"));
            Assert.Equal("1.3E+02", 125.ToString("G2"));
            Assert.Equal("1E+02", 99.ToString("G1"));
            Assert.Equal("-1.2e+04", (-12345).ToString("g2"));
            Assert.Equal("-9.22E+18", long.MinValue.ToString("G3"));
            Assert.Equal("1.8446744073709552E+19", ulong.MaxValue.ToString("G17"));
            Assert.Equal("0", 0.ToString("G1"));
            Assert.Equal("255", ((byte)255).ToString("G3"));
        }

        private static double Opaque(double value) => value + (Environment.NewLine.Length - 1);

        // double.ToString() gives the shortest text that parses back to the same double, switching to scientific
        // notation above 17 integer digits or below 1E-04, as the BCL does.
        [Test]
        public static void DoublesPrintShortestRoundTrip()
        {
            Assert.Equal("0.1", Opaque(0.1).ToString());
            Assert.Equal("0.3333333333333333", Opaque(1.0 / 3).ToString());
            Assert.Equal("0.6666666666666666", Opaque(2.0 / 3).ToString());
            Assert.Equal("2.5", Opaque(2.5).ToString());
            Assert.Equal("-123.456", Opaque(-123.456).ToString());
            Assert.Equal("4.35", Opaque(4.35).ToString());
            Assert.Equal("100", Opaque(100).ToString());
            Assert.Equal("1000000000000000", Opaque(1e15).ToString());
            Assert.Equal("10000000000000000", Opaque(1e16).ToString());
            Assert.Equal("12345678901234568", Opaque(12345678901234567.0).ToString());
            Assert.Equal("9007199254740992", Opaque(9007199254740993.0).ToString());
            Assert.Equal("1E+17", Opaque(1e17).ToString());
            Assert.Equal("1E+18", Opaque(1e18).ToString());
            Assert.Equal("-1E+18", Opaque(-1e18).ToString());
            Assert.Equal("1.2345678901234568E+20", Opaque(123456789012345678901.0).ToString());
            Assert.Equal("-2.5E+20", Opaque(-2.5e20).ToString());
            Assert.Equal("1.5E+300", Opaque(1.5e300).ToString());
            Assert.Equal("1.7976931348623157E+308", Opaque(double.MaxValue).ToString());
            Assert.Equal("0.0001", Opaque(0.0001).ToString());
            Assert.Equal("0.000123", Opaque(0.000123).ToString());
            Assert.Equal("1E-05", Opaque(0.00001).ToString());
            Assert.Equal("-1.5E-05", Opaque(-0.000015).ToString());
            Assert.Equal("1E-100", Opaque(1e-100).ToString());
            Assert.Equal("5E-310", Opaque(5e-310).ToString());
            Assert.Equal("5E-324", Opaque(double.Epsilon).ToString());
            Assert.Equal("0", Opaque(0.0).ToString());
            Assert.Equal("-0", (-Opaque(0.0)).ToString());
            Assert.Equal("NaN", (Opaque(0.0) / 0.0).ToString());
        }

        private static float OpaqueSingle(float value) => value + (Environment.NewLine.Length - 1);

        // float.ToString() is the shortest text that round-trips as a float (not as the double it widens to).
        [Test]
        public static void FloatsPrintShortestRoundTrip()
        {
            Assert.Equal("0.1", OpaqueSingle(0.1f).ToString());
            Assert.Equal("0.3", OpaqueSingle(0.3f).ToString());
            Assert.Equal("0.33333334", OpaqueSingle(1f / 3).ToString());
            Assert.Equal("3.14159", OpaqueSingle(3.14159f).ToString());
            Assert.Equal("16777216", OpaqueSingle(16777216f).ToString());
            Assert.Equal("123456790", OpaqueSingle(123456789f).ToString());
            Assert.Equal("100000000", OpaqueSingle(1e8f).ToString());
            Assert.Equal("1E+09", OpaqueSingle(1e9f).ToString());
            Assert.Equal("1.5E+10", OpaqueSingle(1.5e10f).ToString());
            Assert.Equal("3.4028235E+38", OpaqueSingle(float.MaxValue).ToString());
            Assert.Equal("1E-05", OpaqueSingle(1e-5f).ToString());
            Assert.Equal("1.1754944E-38", OpaqueSingle(1.17549435E-38f).ToString());
            Assert.Equal("1E-45", OpaqueSingle(float.Epsilon).ToString());
            Assert.Equal("-0", (-OpaqueSingle(0f)).ToString());
        }

        [Test]
        public static void HexFormatting()
        {
            Assert.Equal("FF", 255.ToString("X"));
            Assert.Equal("ff", 255.ToString("x"));
            Assert.Equal("000000FF", 255.ToString("X8"));
            Assert.Equal("FFFFFFFF", (-1).ToString("X"));
            Assert.Equal("FF", ((sbyte)-1).ToString("X"));
            Assert.Equal("FFFF", ((short)-1).ToString("X"));
            Assert.Equal("DEADBEEFCAFEF00D", 0xDEADBEEFCAFEF00DUL.ToString("X"));
            Assert.Equal("0", 0.ToString("x"));
        }

        [Test]
        public static void InterpolatedStrings()
        {
            int cpus = 4;
            ulong address = 0x1000;
            string name = "helios";
            Assert.Equal("cpus=4 at 0x00001000 (helios)", $"cpus={cpus} at 0x{address:X8} ({name})");
            Assert.Equal("[   7|7   ]", $"[{7,4}|{7,-4}]");
            Assert.Equal("[  ab|x]", $"[{"ab",4}|{'x'}]");
            Assert.Equal("True/-3/9223372036854775807", $"{true}/{-3L}/{long.MaxValue}");
        }

        [Test]
        public static void CompositeFormatting()
        {
            Assert.Equal("1 + 1 = 2", string.Format("{0} + {0} = {1}", 1, 2));
            Assert.Equal("[ 0x1F]", string.Format("[{0,5}]", "0x" + 31.ToString("X")));
            Assert.Equal("{literal} 00FF", string.Format("{{literal}} {0:X4}", 255));
        }

        [Test]
        public static void Parsing()
        {
            Assert.Equal(123, int.Parse("123"));
            Assert.Equal(-45, int.Parse(" -45 "));
            Assert.Equal(255, int.Parse("FF", NumberStyles.HexNumber));
            Assert.True(ulong.TryParse("18446744073709551615", out ulong max));
            Assert.Equal(ulong.MaxValue, max);
            Assert.False(int.TryParse("2147483648", out _));
            Assert.False(int.TryParse("12a", out _));
            Assert.False(uint.TryParse("-1", out _));
            Assert.True(bool.Parse("true"));
        }

        // Out-of-range numbers are an OverflowException, malformed text a FormatException.
        [Test]
        public static void ParsingErrors()
        {
            Assert.Equal("Value was either too large or too small for an Int32.", Assert.Throws<OverflowException>(() => int.Parse("99999999999"))?.Message);
            Assert.Throws<OverflowException>(() => int.Parse("-2147483649"));
            Assert.Throws<OverflowException>(() => int.Parse("999999999999999999999999999"));
            Assert.Throws<OverflowException>(() => uint.Parse("-1"));
            Assert.Throws<OverflowException>(() => byte.Parse("256"));
            Assert.Throws<OverflowException>(() => sbyte.Parse("-129"));
            Assert.Throws<OverflowException>(() => int.Parse("FFFFFFFFF", NumberStyles.HexNumber));
            Assert.Throws<FormatException>(() => int.Parse("12a"));
            Assert.Throws<FormatException>(() => int.Parse(""));
            Assert.Throws<FormatException>(() => int.Parse("-"));
            Assert.Throws<FormatException>(() => int.Parse("99999999999x"));
            Assert.Equal(0u, uint.Parse("-0"));
            Assert.Equal(int.MinValue, int.Parse("-2147483648"));
            Assert.False(int.TryParse("99999999999", out _));
        }
    }
}
