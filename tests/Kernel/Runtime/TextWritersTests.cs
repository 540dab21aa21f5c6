// System.IO.StringWriter and composite formatting through a TextWriter (what Console.WriteLine(format, args) does
// over Console.Out), and Environment.TickCount.
using System;
using System.IO;
using System.Text;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class TextWritersTests
    {
        [Test]
        public static void StringWriterCollectsWhatIsWritten()
        {
            var writer = new StringWriter();
            writer.Write("a");
            writer.Write('b');
            writer.Write(12);
            writer.WriteLine(true);
            writer.WriteLine(2.5);
            writer.Write(new[] { 'x', 'y' });
            Assert.Equal("ab12True\n2.5\nxy", writer.ToString());
            Assert.Equal(15, writer.GetStringBuilder().Length);

            var builder = new StringBuilder("start:");
            var onto = new StringWriter(builder);
            onto.Write("more");
            Assert.Equal("start:more", builder.ToString());
        }

        [Test]
        public static void CompositeFormatting()
        {
            var writer = new StringWriter();
            writer.WriteLine("{0} + {1} = {2,4}|{3,-3}|", 1, 2, 3, "x");
            writer.Write("{0:X4} {{braces}}", 255);
            writer.WriteLine("{0}", "one");
            Assert.Equal("1 + 2 =    3|x  |\n00FF {braces}one\n", writer.ToString());
            Assert.Equal("a=1, b=two, c=", string.Format("a={0}, b={1}, c={2}", 1, "two", null));
            Assert.Throws<FormatException>(() => string.Format("{1}", 0));
        }

        [Test]
        public static void TickCountAdvances()
        {
            long first = Environment.TickCount64;
            Assert.True(first >= 0);
            long end = first;
            for (int spin = 0; spin < 100_000_000 && end == first; spin++) end = Environment.TickCount64;
            Assert.True(end > first, "TickCount64 did not advance");
            Assert.True(Math.Abs(Environment.TickCount - (int)Environment.TickCount64) <= 1000);
        }
    }
}
