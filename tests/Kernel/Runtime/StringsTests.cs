// Strings: literals, concatenation, comparison, searching, slicing and building.
using System;
using System.Collections.Generic;
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

        // Culture-sensitive case-insensitive operations behave as OrdinalIgnoreCase (docs/runtime.md); for ASCII that
        // is what the host's cultures do too.
        [Test]
        public static void CultureIgnoreCaseIsCaseInsensitive()
        {
            foreach (StringComparison culture in new[] { StringComparison.CurrentCultureIgnoreCase, StringComparison.InvariantCultureIgnoreCase })
            {
                Assert.True("Helios".Equals("hELIOS", culture));
                Assert.True(string.Equals("Helios", "HELIOS", culture));
                Assert.False("Helios".Equals("Heli0s", culture));
                Assert.True("Helios Kernel".StartsWith("helios", culture));
                Assert.True("Helios Kernel".EndsWith("KERNEL", culture));
                Assert.Equal(7, "Helios Kernel".IndexOf("kErNeL", culture));
                Assert.Equal(0, string.Compare("Helios", "hELIOS", culture));
                Assert.Equal(-1, string.Compare("alpha", "BETA", culture));
                Assert.Equal(1, string.Compare("Gamma", "beta", culture));
                Assert.True("Helios".AsSpan().Equals("HELIOS".AsSpan(), culture));
                Assert.True("Helios".AsSpan().StartsWith("hel".AsSpan(), culture));
            }
            Assert.False("Helios".Equals("HELIOS", StringComparison.InvariantCulture));
            Assert.False("Helios".StartsWith("hel", StringComparison.CurrentCulture));
        }

        // Ordering (CompareTo, Compare, Comparer<string>.Default, List<string>.Sort) follows the invariant culture for
        // ASCII, as on the host: punctuation before digits before letters, letters case-blind first (a < B), lower case
        // before upper case when that is the only difference, control characters ignored.
        [Test]
        public static void OrderingMatchesTheInvariantCultureForAscii()
        {
            Assert.Equal(-1, "a".CompareTo("B"));
            Assert.Equal(1, "B".CompareTo("a"));
            Assert.Equal(-1, "a".CompareTo("A"));
            Assert.Equal(1, "Ab".CompareTo("ab"));
            Assert.Equal(-1, "aB".CompareTo("Ab"));
            Assert.Equal(1, "ab".CompareTo("Aa"));
            Assert.Equal(-1, "co-op".CompareTo("coop"));
            Assert.Equal(-1, "a b".CompareTo("ab"));
            Assert.Equal(-1, "_x".CompareTo("-x"));
            Assert.Equal(-1, "9".CompareTo("a"));
            Assert.Equal(-1, "$".CompareTo("0"));
            Assert.Equal(-1, "!".CompareTo("?"));
            Assert.Equal(1, "abc".CompareTo("ab"));
            Assert.Equal(0, "a\u0001b".CompareTo("ab"));
            Assert.Equal(1, "a".CompareTo((string)null));
            Assert.Equal(1, "a".CompareTo((object)null));
            Assert.Equal(-1, string.Compare(null, "a"));
            Assert.Equal(0, string.Compare("same", "same"));
            Assert.Equal(-1, string.Compare("file10", "file9"));
            Assert.True(string.Compare("Zeta", "alpha", StringComparison.Ordinal) < 0);
            Assert.Equal(1, string.Compare("Zeta", "alpha", StringComparison.InvariantCulture));
            Assert.Equal(1, string.Compare("Zeta", "alpha", StringComparison.CurrentCulture));
            var names = new List<string> { "beta", "Alpha", "_tmp", "alpha", "Beta", "42", "b-c" };
            names.Sort();
            Assert.Equal("_tmp,42,alpha,Alpha,b-c,beta,Beta", string.Join(",", names));
            Assert.True(Comparer<string>.Default.Compare("a", "B") < 0);
        }

        [Test]
        public static void SplittingWithACount()
        {
            Assert.Equal(0, "a,b".Split(',', 0).Length);
            Assert.Equal("a,b", "a,b".Split(',', 1)[0]);
            Assert.Equal("b,c", "a,b,c".Split(',', 2)[1]);
            Assert.Equal(3, "a,b,c".Split(',', 5).Length);
            Assert.Throws<ArgumentOutOfRangeException>(() => "a,b".Split(',', -1));
            Assert.Equal("a ,b", " a ,b".Split(',', 1, StringSplitOptions.TrimEntries)[0]);
            Assert.Equal("a|b,c", string.Join("|", "a,,b,c".Split(',', 2, StringSplitOptions.RemoveEmptyEntries)));
            Assert.Equal("a|,b,c", string.Join("|", "a,,b,c".Split(',', 2)));
            Assert.Equal("a|b", string.Join("|", "a,b,,".Split(',', 3, StringSplitOptions.RemoveEmptyEntries)));
            Assert.Equal("a|b", string.Join("|", "a, ,b".Split(',', 2, StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)));
            Assert.Equal(",", ",".Split(',', 1, StringSplitOptions.RemoveEmptyEntries)[0]);
            Assert.Equal(0, "".Split(',', 1, StringSplitOptions.RemoveEmptyEntries).Length);
        }

        // A CharEnumerator reports misuse as InvalidOperationException, as the BCL's does.
        [Test]
        public static void CharEnumeratorOutsideTheString()
        {
            CharEnumerator e = "ab".GetEnumerator();
            Assert.Throws<InvalidOperationException>(() => _ = e.Current);
            Assert.True(e.MoveNext());
            Assert.Equal('a', e.Current);
            Assert.True(e.MoveNext());
            Assert.False(e.MoveNext());
            Assert.Throws<InvalidOperationException>(() => _ = e.Current);
            e.Reset();
            Assert.True(e.MoveNext());
            Assert.Equal('a', e.Current);
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
