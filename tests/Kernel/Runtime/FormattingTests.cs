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
    }
}
