// The stream decoder of standard pipes (Internal.Text.Utf8Decoder, kernel and processes): a text cut at every byte
// between two buffers decodes to the same string, and a stream that ends inside a sequence says so.
using System;
using System.Text;
using Helios.Kernel.Tests.Runtime;
using Helios.Testing;
using Internal.Text;

namespace Helios.Kernel.Tests.Processes
{
    internal static class PipeTextTests
    {
        private const string Sample = Utf8Tests.Sample;
        private static readonly byte[] SampleBytes = Utf8Tests.SampleBytes;

        [Test]
        public static void TheStreamDecoderGivesTheSameTextWhereverTheBufferIsCut()
        {
            for (int cut = 0; cut <= SampleBytes.Length; cut++)
            {
                var decoder = new Utf8Decoder();
                var text = new StringBuilder();
                var chars = new char[16];
                ReadOnlySpan<byte> first = new ReadOnlySpan<byte>(SampleBytes, 0, cut);
                ReadOnlySpan<byte> second = new ReadOnlySpan<byte>(SampleBytes, cut, SampleBytes.Length - cut);
                while (first.Length > 0) text.Append(new ReadOnlySpan<char>(chars, 0, decoder.Decode(ref first, chars)));
                while (second.Length > 0) text.Append(new ReadOnlySpan<char>(chars, 0, decoder.Decode(ref second, chars)));
                Assert.False(decoder.Finish());
                Assert.Equal(Sample, text.ToString());
            }
            var cutShort = new Utf8Decoder();
            ReadOnlySpan<byte> start = new byte[] { 0xF0, 0x9F };
            Assert.Equal(0, cutShort.Decode(ref start, new char[4]));
            Assert.True(cutShort.Finish());                                             // the stream ended inside a sequence
        }
    }
}
