// UTF-8 to and from UTF-16 (System.Text.Unicode.Utf8): every sequence length, invalid bytes and lone surrogates as
// U+FFFD, a sequence cut by the end of a block. On the host the same tests run against the BCL's Utf8.
using System;
using System.Text.Unicode;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal static class Utf8Tests
    {
        internal const string Sample = "a\u00e9\u2713\U0001F600b";      // 1, 2, 3 and 4 bytes, then 1
        internal static readonly byte[] SampleBytes = { 0x61, 0xC3, 0xA9, 0xE2, 0x9C, 0x93, 0xF0, 0x9F, 0x98, 0x80, 0x62 };

        private static string Decode(byte[] bytes)
        {
            var chars = new char[bytes.Length + 4];
            Utf8.ToUtf16(bytes, chars, out int read, out int written);
            Assert.Equal(bytes.Length, read);
            return new string(chars, 0, written);
        }

        [Test]
        public static void EverySequenceLengthEncodesAndDecodes()
        {
            var bytes = new byte[32];
            Utf8.FromUtf16(Sample.AsSpan(), bytes, out int read, out int written);
            Assert.Equal(Sample.Length, read);
            Assert.Equal(SampleBytes.Length, written);
            for (int i = 0; i < written; i++) Assert.Equal(SampleBytes[i], bytes[i]);
            Assert.Equal(Sample, Decode(SampleBytes));
        }

        [Test]
        public static void InvalidInputBecomesReplacementCharacters()
        {
            Assert.Equal("a\uFFFDb", Decode(new byte[] { 0x61, 0xFF, 0x62 }));
            Assert.Equal("\uFFFD(", Decode(new byte[] { 0xC3, 0x28 }));
            Assert.Equal("\uFFFD\uFFFD", Decode(new byte[] { 0xC0, 0xAF }));             // overlong
            Assert.Equal("\uFFFD\uFFFD\uFFFD", Decode(new byte[] { 0xED, 0xA0, 0x80 }));  // a surrogate's encoding
            var bytes = new byte[8];
            Utf8.FromUtf16("\uD800x".AsSpan(), bytes, out _, out int written);           // a lone surrogate
            Assert.Equal(4, written);
            Assert.Equal(0xEF, bytes[0]);
            Assert.Equal(0xBF, bytes[1]);
            Assert.Equal(0xBD, bytes[2]);
            Assert.Equal(0x78, bytes[3]);
        }

        [Test]
        public static void ASequenceCutByTheEndOfABlockWaitsForTheNext()
        {
            var chars = new char[8];
            System.Buffers.OperationStatus status = Utf8.ToUtf16(new byte[] { 0x61, 0xE2, 0x9C }, chars, out int read, out int written, isFinalBlock: false);
            Assert.Equal(System.Buffers.OperationStatus.NeedMoreData, status);
            Assert.Equal(1, read);
            Assert.Equal(1, written);
        }
    }
}
