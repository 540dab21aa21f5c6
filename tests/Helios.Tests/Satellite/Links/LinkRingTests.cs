// The link ring (src/Satellite/Links/LinkRing.cs) in native memory: records in order across wrap-arounds, full and
// empty told apart, a consumer on another thread, and framing the producer could forge refused without a crash.
using System.Runtime.InteropServices;
using Helios.Satellite.Links;
using Xunit;

namespace Helios.Tests.Satellite.Links;

public unsafe class LinkRingTests
{
    private static byte* Area(int bytes)
    {
        var area = (byte*)NativeMemory.AlignedAlloc((nuint)bytes, 64);
        new Span<byte>(area, bytes).Fill(0xCD);
        return area;
    }

    [Fact]
    public void RecordsComeOutInOrderAcrossWrapArounds()
    {
        byte* area = Area(4096);
        try
        {
            var producer = new LinkRing(area, 4096);
            producer.Initialize();
            var consumer = new LinkRing(area, 4096);
            var into = new byte[consumer.MaxPayload];
            for (int i = 0; i < 10_000; i++)
            {
                int length = i % 300;
                var payload = new byte[length];
                for (int b = 0; b < length; b++) payload[b] = (byte)(i + b);
                Assert.True(producer.TryWrite((ushort)(1 + i % 7), payload));
                Assert.Equal(length, consumer.TryRead(into, out ushort kind));
                Assert.Equal(1 + i % 7, kind);
                Assert.True(payload.AsSpan().SequenceEqual(into.AsSpan(0, length)));
            }
            Assert.Equal(-1, consumer.TryRead(into, out _));
            Assert.False(consumer.Broken);
        }
        finally
        {
            NativeMemory.AlignedFree(area);
        }
    }

    [Fact]
    public void AFullRingRefusesUntilTheConsumerReads()
    {
        byte* area = Area(LinkRing.ControlBytes + 8 * LinkRing.SlotSize);
        try
        {
            var ring = new LinkRing(area, LinkRing.ControlBytes + 8 * LinkRing.SlotSize);
            ring.Initialize();
            Assert.True(ring.IsEmpty);
            int written = 0;
            while (ring.TryWrite(1, new byte[56])) written++;        // one slot each
            Assert.Equal(8, written);
            Assert.False(ring.HasRoomFor(0));
            Assert.True(ring.PrepareToWaitForRoom(0));
            var into = new byte[64];
            Assert.Equal(56, ring.TryRead(into, out _));
            Assert.True(ring.ProducerNeedsWake());
            Assert.False(ring.ProducerNeedsWake());                  // the word is taken once
            Assert.True(ring.TryWrite(1, new byte[56]));
            Assert.Throws<ArgumentException>(() => ring.TryWrite(1, new byte[ring.MaxPayload + 1]));
        }
        finally
        {
            NativeMemory.AlignedFree(area);
        }
    }

    [Fact]
    public void AMillionRecordsBetweenTwoThreadsArriveInOrder()
    {
        const int Bytes = 64 * 1024, Count = 1_000_000;
        byte* area = Area(Bytes);
        try
        {
            var producer = new LinkRing(area, Bytes);
            producer.Initialize();
            var consumer = new LinkRing(area, Bytes);
            var writer = new Thread(() =>
            {
                Span<byte> record = stackalloc byte[24];
                for (int i = 0; i < Count; i++)
                {
                    BitConverter.TryWriteBytes(record, (long)i);
                    int length = 8 + i % 17;
                    while (!producer.TryWrite(2, record[..length])) Thread.Yield();
                }
            });
            writer.Start();
            var into = new byte[64];
            for (long expected = 0; expected < Count;)
            {
                int length = consumer.TryRead(into, out ushort kind);
                if (length < 0)
                {
                    Assert.False(consumer.Broken);
                    Thread.Yield();
                    continue;
                }
                Assert.Equal(2, kind);
                Assert.Equal(8 + (int)(expected % 17), length);
                Assert.Equal(expected, BitConverter.ToInt64(into, 0));
                expected++;
            }
            writer.Join();
            Assert.True(consumer.IsEmpty);
        }
        finally
        {
            NativeMemory.AlignedFree(area);
        }
    }

    [Fact]
    public void ASleepingConsumerIsWokenOnceAndOnlyWhenAsleep()
    {
        byte* area = Area(1024);
        try
        {
            var ring = new LinkRing(area, 1024);
            ring.Initialize();
            Assert.True(ring.TryWrite(1, new byte[4]));
            Assert.False(ring.ConsumerNeedsWake());                  // awake: no interrupt
            Assert.False(ring.PrepareToSleep());                     // a record waits: do not sleep
            Assert.Equal(4, ring.TryRead(new byte[8], out _));
            Assert.True(ring.PrepareToSleep());
            Assert.True(ring.TryWrite(1, new byte[4]));
            Assert.True(ring.ConsumerNeedsWake());
            Assert.False(ring.ConsumerNeedsWake());
        }
        finally
        {
            NativeMemory.AlignedFree(area);
        }
    }

    [Fact]
    public void ForgedFramingBreaksTheRingWithoutACrash()
    {
        var random = new Random(12);
        for (int trial = 0; trial < 10_000; trial++)
        {
            byte* area = Area(2048);
            try
            {
                var ring = new LinkRing(area, 2048);
                ring.Initialize();
                for (int i = 0; i < random.Next(4); i++) ring.TryWrite(3, new byte[random.Next(200)]);
                // The producer's words and slots, as a hostile kernel could leave them.
                int at = random.Next(2048 / 8);
                *(ulong*)(area + at * 8) = random.Next(3) == 0 ? (ulong)random.NextInt64() : (ulong)random.Next(64);
                var into = new byte[ring.MaxPayload];
                for (int reads = 0; reads < 64; reads++)
                    if (ring.TryRead(into, out _) == -1) break;
                Assert.True(ring.Broken || ring.IsEmpty || ring.TryRead(into, out _) >= -2);
            }
            finally
            {
                NativeMemory.AlignedFree(area);
            }
        }
    }
}
