// Strings: literals, concatenation, comparison, searching, slicing and building.
using System;
using System.Text;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class StringsTests
    {
        [Test]
        public static void LiteralsAndEquality()
        {
            string a = "Helios";
            string b = "Hel" + new string('i', 1) + "os";
            Assert.Equal(6, a.Length);
            Assert.Equal('l', a[2]);
            Assert.True(a == b);
            Assert.False(object.ReferenceEquals(a, b));
            Assert.True(a.Equals(b));
            Assert.Equal(a.GetHashCode(), b.GetHashCode());
            Assert.True(string.IsNullOrEmpty(""));
            Assert.True(string.IsNullOrWhiteSpace(" \t"));
            Assert.Equal(0, string.CompareOrdinal("abc", "abc"));
            Assert.True(string.CompareOrdinal("abc", "abd") < 0);
            Assert.True("ABC".Equals("abc", StringComparison.OrdinalIgnoreCase));
        }

        [Test]
        public static void Concatenation()
        {
            string s = "a" + "b";
            for (int i = 0; i < 3; i++) s += i.ToString();
            Assert.Equal("ab012", s);
            Assert.Equal("x1y2z", string.Concat("x", 1.ToString(), "y", 2.ToString(), "z"));
            Assert.Equal("abc", string.Concat(new[] { "a", null, "b", "c" }));
            char c = '!';
            Assert.Equal("hi!", "hi" + c);
            Assert.Equal("null:", "null:" + (string)null);
        }

        [Test]
        public static void SearchingAndSlicing()
        {
            string text = "the quick brown fox";
            Assert.Equal(4, text.IndexOf('q'));
            Assert.Equal(10, text.IndexOf("brown"));
            Assert.Equal(-1, text.IndexOf("cat"));
            Assert.Equal(17, text.LastIndexOf('o'));
            Assert.True(text.StartsWith("the "));
            Assert.True(text.EndsWith("fox"));
            Assert.True(text.Contains("quick"));
            Assert.Equal("quick", text.Substring(4, 5));
            Assert.Equal("fox", text.Substring(16));
        }

        [Test]
        public static void TransformingStrings()
        {
            Assert.Equal("a-b-c", "a b c".Replace(' ', '-'));
            Assert.Equal("one 2 three 2", "one two three two".Replace("two", "2"));
            string[] parts = "a,b,,c".Split(',');
            Assert.Equal(4, parts.Length);
            Assert.Equal("", parts[2]);
            Assert.Equal(3, "a,b,,c".Split(',', StringSplitOptions.RemoveEmptyEntries).Length);
            Assert.Equal("x", "  x \t".Trim());
            Assert.Equal("--7", "7".PadLeft(3, '-'));
            Assert.Equal("7  ", "7".PadRight(3));
            Assert.Equal("HELIOS", "Helios".ToUpperInvariant());
            Assert.Equal("helios", "Helios".ToLowerInvariant());
            Assert.Equal("a+b+c", string.Join("+", new[] { "a", "b", "c" }));
            Assert.Equal("Hellios", "Helios".Insert(3, "l"));
            Assert.Equal("Hos", "Helios".Remove(1, 3));
        }

        [Test]
        public static void Characters()
        {
            Assert.True(char.IsDigit('7'));
            Assert.True(char.IsLetter('q'));
            Assert.True(char.IsWhiteSpace('\n'));
            Assert.Equal('Q', char.ToUpper('q'));
            char[] chars = "abc".ToCharArray();
            chars[0] = 'x';
            Assert.Equal("xbc", new string(chars));
            Assert.Equal("bc", new string(chars, 1, 2));
            Assert.Equal("zzz", new string('z', 3));
        }

        [Test]
        public static void StringBuilders()
        {
            var sb = new StringBuilder();
            sb.Append("n=").Append(42).Append(' ').Append(true).AppendLine();
            sb.Append('-', 3);
            Assert.Equal("n=42 True\n---", sb.ToString());
            sb.Length = 2;
            Assert.Equal("n=", sb.ToString());
            sb.Insert(0, ">").Remove(1, 1);
            Assert.Equal(">=", sb.ToString());
            var big = new StringBuilder();
            for (int i = 0; i < 1000; i++) big.Append(i % 10);
            Assert.Equal(1000, big.Length);
            Assert.Equal('9', big[999]);
        }
    }
}
