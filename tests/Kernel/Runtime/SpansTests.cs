// Span<T> and ReadOnlySpan<T> over arrays, strings and stack memory; binary reads.
using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class SpansTests
    {
        private static int Sum(ReadOnlySpan<int> values)
        {
            int sum = 0;
            foreach (int v in values) sum += v;
            return sum;
        }

        [Test]
        public static void SpansOverArrays()
        {
            int[] data = { 1, 2, 3, 4, 5, 6 };
            Span<int> middle = data.AsSpan(2, 3);
            Assert.Equal(3, middle.Length);
            middle[0] = 30;
            Assert.Equal(30, data[2]);
            Assert.Equal(30 + 4 + 5, Sum(middle));
            middle.Fill(0);
            Assert.Equal(1 + 2 + 6, Sum(data));
            Span<int> tail = data.AsSpan().Slice(4);
            Assert.Equal(2, tail.Length);
            int[] copy = tail.ToArray();
            Assert.Equal(6, copy[1]);
        }

        // A Span<object> over a string[] would let an object be stored into the strings: the BCL refuses to make one.
        // Reading through ReadOnlySpan<object> is safe and allowed.
        [Test]
        public static void SpansOverCovariantArrays()
        {
            object[] strings = new string[] { "a", "b", "c" };
            Assert.Throws<ArrayTypeMismatchException>(() => new Span<object>(strings));
            Assert.Throws<ArrayTypeMismatchException>(() => new Span<object>(strings, 1, 1));
            Assert.Throws<ArrayTypeMismatchException>(() => strings.AsSpan());
            Assert.Equal("a", (string)strings[0]);
            ReadOnlySpan<object> view = strings;
            Assert.Equal("c", (string)view[2]);
            Span<object> exact = new object[] { "x" };
            exact[0] = 5;
            Assert.Equal(5, (int)exact[0]);
            Span<string> same = new string[] { "y" };
            Assert.Equal("y", same[0]);
            // Value-type arrays are never covariant in this sense; the same-size reinterpretation the CLR allows is fine.
            Span<int> numbers = (int[])(object)new uint[] { 1 };
            Assert.Equal(1, numbers[0]);
            // The BCL's own helpers still work on covariant arrays, with the store check on each element.
            Array.Reverse(strings);
            Assert.Equal("a", (string)strings[2]);
            Array.Sort(strings, (x, y) => string.CompareOrdinal((string)x, (string)y));
            Assert.Equal("c", (string)strings[2]);
            Array.Fill(strings, "f");
            Assert.Equal("f", (string)strings[1]);
            Assert.Throws<ArrayTypeMismatchException>(() => Array.Fill(strings, new object()));
        }

        [Test]
        public static void StackAlloc()
        {
            Span<int> buffer = stackalloc int[16];
            for (int i = 0; i < buffer.Length; i++) buffer[i] = i;
            Assert.Equal(120, Sum(buffer));
            Span<char> text = stackalloc char[8];
            "abc".AsSpan().CopyTo(text);
            Assert.Equal("abc", text.Slice(0, 3).ToString());
            Span<byte> bytes = stackalloc byte[4];
            bytes.Clear();
            Assert.Equal((byte)0, bytes[3]);
        }

        [Test]
        public static void ReadOnlySpansOverStrings()
        {
            ReadOnlySpan<char> text = "  key = value ".AsSpan().Trim();
            int equals = text.IndexOf('=');
            Assert.Equal("key", text.Slice(0, equals).Trim().ToString());
            Assert.Equal("value", text.Slice(equals + 1).Trim().ToString());
            Assert.True(text.StartsWith("key".AsSpan()));
            Assert.True("abc".AsSpan().SequenceEqual("abc".AsSpan()));
        }

        [Test]
        public static void BinaryReadsAndCasts()
        {
            byte[] raw = { 0x78, 0x56, 0x34, 0x12, 0xD0, 0x0D, 0xFE, 0xED };
            Assert.Equal(0x12345678u, BinaryPrimitives.ReadUInt32LittleEndian(raw));
            Assert.Equal(0xD00DFEEDu, BinaryPrimitives.ReadUInt32BigEndian(raw.AsSpan(4)));
            Span<uint> words = MemoryMarshal.Cast<byte, uint>(raw.AsSpan());
            Assert.Equal(2, words.Length);
            Assert.Equal(0x12345678u, words[0]);
            Span<byte> output = stackalloc byte[8];
            BinaryPrimitives.WriteUInt64BigEndian(output, 0x0102030405060708UL);
            Assert.Equal((byte)1, output[0]);
            Assert.Equal((byte)8, output[7]);
        }
    }
}
