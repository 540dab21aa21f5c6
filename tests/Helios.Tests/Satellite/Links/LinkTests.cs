// Two kernels on the host (HostKernel): two copies of the channel runtime, each in its own AssemblyLoadContext with its
// own statics, joined by a ring each way in native memory. Channels between them behave as local ones do: ping-pong,
// arrays of every size checked byte for byte, close from either end, a protocol violation, a dead link; and a kernel
// that receives forged records counts each one, survives, and carries the next channel's traffic. Every test runs
// twice: with one-copy links (each kernel's exchange heap in an arena of native memory the other reads, as kernels of
// a NUMA machine map each other's memory: arrays cross from the sender's heap) and, InRingLinkTests, with arrays
// inside the records (kernels that share no memory but the rings).
using System.Runtime.InteropServices;
using Helios.Satellite.Links;
using Xunit;

namespace Helios.Tests.Satellite.Links;

public unsafe class LinkTests : IDisposable
{
    private const int RingBytes = 256 * 1024;
    private const int Patience = 60_000;            // milliseconds: only a hang takes this long
    private const long ArenaBytes = 16 << 20;

    private readonly byte* _k0ToK1, _k1ToK0;
    private readonly byte* _arena0, _arena1;
    private readonly bool _oneCopy;
    private readonly SemaphoreSlim _bell0 = new(0), _bell1 = new(0);
    private readonly KernelContext _k0, _k1;

    public LinkTests() : this(oneCopy: true)
    {
    }

    protected LinkTests(bool oneCopy)
    {
        _oneCopy = oneCopy;
        _k0ToK1 = (byte*)NativeMemory.AlignedAlloc(RingBytes, 64);
        _k1ToK0 = (byte*)NativeMemory.AlignedAlloc(RingBytes, 64);
        _k0 = new KernelContext("k0");
        _k1 = new KernelContext("k1");
        if (oneCopy)
        {
            _arena0 = (byte*)NativeMemory.AlignedAlloc((nuint)ArenaBytes, 64 * 1024);
            _arena1 = (byte*)NativeMemory.AlignedAlloc((nuint)ArenaBytes, 64 * 1024);
            _k0.Call("BootOneCopy", 0, 1, (long)_k0ToK1, (long)_k1ToK0, RingBytes, true, _bell0, _bell1, (long)_arena0, (long)_arena1, ArenaBytes);
            _k1.Call("BootOneCopy", 1, 0, (long)_k1ToK0, (long)_k0ToK1, RingBytes, false, _bell1, _bell0, (long)_arena1, (long)_arena0, ArenaBytes);
        }
        else
        {
            _k0.Call("Boot", 0, 1, (long)_k0ToK1, (long)_k1ToK0, RingBytes, true, _bell0, _bell1);
            _k1.Call("Boot", 1, 0, (long)_k1ToK0, (long)_k0ToK1, RingBytes, false, _bell1, _bell0);
        }
        _k0.Call("Start");
        _k1.Call("Start");
        Eventually(() => _k0.Get<bool>("HelloReceived") && _k1.Get<bool>("HelloReceived"), "the kernels' hellos");
        Assert.Equal(oneCopy, _k0.Get<bool>("OneCopy"));
        Assert.Equal(oneCopy, _k1.Get<bool>("OneCopy"));
    }

    public void Dispose()
    {
        _k0.Call("Stop");
        _k1.Call("Stop");
        NativeMemory.AlignedFree(_k0ToK1);
        NativeMemory.AlignedFree(_k1ToK0);
        if (_arena0 != null) NativeMemory.AlignedFree(_arena0);
        if (_arena1 != null) NativeMemory.AlignedFree(_arena1);
        GC.SuppressFinalize(this);
    }

    private static void Eventually(Func<bool> condition, string what)
    {
        DateTime deadline = DateTime.UtcNow.AddMilliseconds(Patience);
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, "waited " + Patience.ToString() + " ms for " + what);
            Thread.Sleep(1);
        }
    }

    internal static string Rejections(KernelContext kernel)
        => "rejected: " + string.Join(", ", Enum.GetValues<LinkRejection>().Where(r => r != LinkRejection.Count)
            .Select(r => r + "=" + kernel.Call("RejectedFor", (int)r)));

    // A channel: the importer on k0, the exporter on k1.
    private (long Importer, long Exporter) Open()
    {
        long importer = (long)_k0.Call("OpenImporter");
        long exporter = (long)_k1.Call("Accept", Patience);
        Assert.NotEqual(0, exporter);
        return (importer, exporter);
    }

    private void RoundTrips(int count, int bytes)
    {
        (long importer, long exporter) = Open();
        _k1.Call("StartEchoServer", exporter, count);
        Assert.Null(_k0.Call("PingPong", importer, count, bytes));
        Assert.Equal("served", _k1.Call("JoinServer", Patience));
        _k0.Call("Close", importer, true);
        _k1.Call("Close", exporter, false);
    }

    [Fact]
    public void AHundredThousandPingPongsCrossBetweenTwoKernels()
    {
        long k0Baseline = _k0.Get<long>("LiveHandles"), k1Baseline = _k1.Get<long>("LiveHandles");
        RoundTrips(100_000, -1);
        Eventually(() => _k0.Get<int>("Channels") == 0 && _k1.Get<int>("Channels") == 0, "both links to forget the channel");
        Assert.Equal(k0Baseline, _k0.Get<long>("LiveHandles"));
        Assert.Equal(k1Baseline, _k1.Get<long>("LiveHandles"));
        Assert.True(_k0.Get<long>("Rejected") == 0, Rejections(_k0));
        Assert.True(_k1.Get<long>("Rejected") == 0, Rejections(_k1));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(64)]
    [InlineData(1000)]
    [InlineData(4096)]
    [InlineData(65536)]
    public void ArraysOfEverySizeArriveIntact(int bytes)
    {
        long k1Baseline = _k1.Get<long>("LiveHandles");
        RoundTrips(bytes >= 4096 ? 50 : 500, bytes);
        Eventually(() => _k1.Get<long>("LiveHandles") == k1Baseline, "k1's heap to return to its baseline");
        Assert.True(_k1.Get<long>("Rejected") == 0, Rejections(_k1));
    }

    // A conversation between kernels allocates nothing once it has started: each kernel builds what arrives in the
    // blocks the channel's shadow kept (the message block its real end received before the last, the array it last
    // sent across in a record), as a local ping-pong reuses its spare. Only the channel's first messages allocate.
    [Theory]
    [InlineData(-1)]
    [InlineData(64)]
    [InlineData(1000)]
    public void AConversationBetweenKernelsAllocatesNothingOnceStarted(int bytes)
    {
        const int count = 2_000;
        long k0Before = _k0.Get<long>("Allocations"), k1Before = _k1.Get<long>("Allocations");
        RoundTrips(count, bytes);
        // k0's client allocates each request's array itself (and frees the answer): those are its own.
        long k0 = _k0.Get<long>("Allocations") - k0Before - (bytes >= 0 ? count : 0), k1 = _k1.Get<long>("Allocations") - k1Before;
        Assert.True(k0 < 20 && k1 < 20, count.ToString() + " round trips allocated " + k0.ToString() + " slots on k0 and " + k1.ToString()
            + " on k1 besides the client's arrays");
    }

    // A bind across kernels: a client's fresh local channel whose exporter moves to the service's kernel (Link.Export).
    // The importer stays and talks across the link as if the channel had been made remote; the moved end is held by
    // its number on the other kernel until the bind names it, and is taken once.
    [Fact]
    public void AQuietEndMovesToTheOtherKernelAndKeepsWorking()
    {
        long k0Baseline = _k0.Get<long>("LiveHandles"), k1Baseline = _k1.Get<long>("LiveHandles");
        var moved = (object[])_k0.Call("Export", false);
        Assert.Null(moved[2]);
        long importer = (long)moved[0], number = (long)moved[1];
        long exporter = (long)_k1.Call("TakeHeld", number, Patience);
        Assert.NotEqual(0L, exporter);
        Assert.Equal(0L, (long)_k1.Call("TakeHeld", number, 50));      // once
        Assert.Equal(0L, (long)_k1.Call("Accept", 50));                // a moved end is not an accepted channel
        _k1.Call("StartEchoServer", exporter, 1000);
        Assert.Null(_k0.Call("PingPong", importer, 1000, 100));
        Assert.Equal("served", _k1.Call("JoinServer", Patience));
        _k1.Call("Close", exporter, false);
        Assert.True((bool)_k0.Call("WaitClosed", importer, true, Patience));
        _k0.Call("Close", importer, true);
        Eventually(() => _k0.Get<int>("Channels") == 0 && _k1.Get<int>("Channels") == 0, "both links to forget the channel");
        Assert.Equal(k0Baseline, _k0.Get<long>("LiveHandles"));
        Assert.Equal(k1Baseline, _k1.Get<long>("LiveHandles"));
        Assert.True(_k1.Get<long>("Rejected") == 0, Rejections(_k1));
    }

    [Fact]
    public void AnEndWithAMessageInFlightDoesNotMoveAndStaysLocal()
    {
        var refused = (object[])_k0.Call("Export", true);
        Assert.Contains("messages in flight", (string)refused[2]);
        long importer = (long)refused[0], exporter = (long)refused[1];
        _k0.Call("Close", exporter, false);                             // still this kernel's, and still whole
        Assert.True((bool)_k0.Call("WaitClosed", importer, true, Patience));
        _k0.Call("Close", importer, true);
        Assert.Equal(0, _k0.Get<int>("Channels"));
    }

    [Fact]
    public void ClosingEitherEndIsSeenOnTheOtherKernel()
    {
        (long importer, long exporter) = Open();
        _k0.Call("Close", importer, true);
        Assert.True((bool)_k1.Call("WaitClosed", exporter, false, Patience));
        _k1.Call("Close", exporter, false);

        (importer, exporter) = Open();
        _k1.Call("Close", exporter, false);
        Assert.True((bool)_k0.Call("WaitClosed", importer, true, Patience));
        _k0.Call("Close", importer, true);
        Eventually(() => _k0.Get<int>("Channels") == 0 && _k1.Get<int>("Channels") == 0, "both links to forget the channels");
    }

    [Fact]
    public void AProtocolViolationFaultsTheSenderAndThePeerSeesTheChannelClosed()
    {
        (long importer, long exporter) = Open();
        Assert.Equal("ProtocolViolationException", _k0.Call("Violate", importer));
        Assert.True((bool)_k1.Call("WaitClosed", exporter, false, Patience));
        RoundTrips(10, 8);                              // the link and other channels go on
    }

    // Flow control: with k1 not reading, k0's sender fills the ring, then the link's backlog, then waits; nothing is
    // dropped, and k0's exchange heap holds at most the backlog. Once k1 reads again, everything arrives in order.
    [Fact]
    public void ASenderWaitsForASlowKernelAndNothingIsLost()
    {
        const int Items = 20_000;
        long importer = (long)_k0.Call("OpenStream");
        long exporter = (long)_k1.Call("Accept", Patience);
        Assert.NotEqual(0, exporter);
        long baseline = _k0.Get<long>("LiveHandles");
        _k1.Call("Pause", true);
        _k0.Call("StartStreaming", importer, Items);
        Eventually(() => _k0.Get<int>("Sent") > 1000, "the ring to fill");
        Thread.Sleep(300);
        int stalled = _k0.Get<int>("Sent");
        Thread.Sleep(300);
        Assert.Equal(stalled, _k0.Get<int>("Sent"));                    // the sender waits
        Assert.True(stalled < Items, "the sender was held back");
        Assert.InRange(_k0.Get<long>("LiveHandles") - baseline, 0, Link.Backlog + 2);
        _k1.Call("Pause", false);
        Assert.Null(_k1.Call("ReceiveStream", exporter, Items));
        Assert.True((bool)_k0.Call("JoinStreaming", Patience));
        Assert.True(_k1.Get<long>("Rejected") == 0, Rejections(_k1));
    }

    [Fact]
    public void ADeadLinkClosesEveryChannelOnIt()
    {
        (long importer, long exporter) = Open();
        (long second, _) = Open();
        _k0.Call("FailLink", "k1 is gone");
        Assert.True((bool)_k0.Call("IsClosed", importer, true));
        Assert.True((bool)_k0.Call("IsClosed", second, true));
        Assert.Equal(0, _k0.Get<int>("Channels"));
        Assert.Equal("ChannelException", Assert.ThrowsAny<Exception>(() => _k0.Call("OpenImporter")).GetType().Name);
        _k1.Call("Close", exporter, false);
    }

    [Fact]
    public void AHundredThousandForgedRecordsAreCountedAndTheNextChannelWorks()
    {
        (long importer, long exporter) = Open();
        const int Forged = 100_000;
        _k0.Call("Forge", (long)_k0ToK1, RingBytes, Forged, 5, 0, _bell1);
        Eventually(() => _k1.Get<long>("Rejected") >= Forged, "k1 to count every forged record");
        Assert.True(Forged == _k1.Get<long>("Rejected"), Rejections(_k1));
        Assert.Null(_k1.Get<string>("Failure"));
        Assert.True((bool)_k1.Call("WaitClosed", exporter, false, Patience));     // records naming it closed it
        _k0.Call("Close", importer, true);
        _k1.Call("Close", exporter, false);
        RoundTrips(100, 100);
    }

    // copied= stays honest: the bytes copied per round trip of a 64 KiB array, beyond those of a round trip without one
    // (values alone), are one copy each way on a one-copy link (the receiver's, from the sender's heap) and two each way
    // in the records (onto the ring and off it).
    [Fact]
    public void ArraysAreCopiedOnceEachWayOnAOneCopyLink()
    {
        long Copied() => _k0.Get<long>("BytesSent") + _k0.Get<long>("BytesReceived") + _k1.Get<long>("BytesSent") + _k1.Get<long>("BytesReceived");
        long before = Copied();
        RoundTrips(10, 0);
        long empty = Copied() - before;
        before = Copied();
        RoundTrips(10, 65536);
        long full = Copied() - before;
        Assert.Equal((_oneCopy ? 2 : 4) * 65536L, (full - empty) / 10);
    }

    // A record naming an array in the sender's memory is checked before anything is read: outside the sender's window,
    // straddling its end, an offset and length that overflow 32 bits, a length that is not element size × count, and
    // (on a link without windows) any array in the sender's memory at all. Each is refused and counted, its channel
    // closes on both kernels, and the kernel goes on.
    [Fact]
    public void ArraysNamedOutsideTheSendersMemoryAreRefusedAndCounted()
    {
        var hostile = new (int ElementSize, long Count, long Offset, long Length)[]
        {
            (1, 64, ArenaBytes, 64),                    // just past the window
            (1, 64, ArenaBytes + (1L << 20), 64),       // far outside it
            (1, 200, ArenaBytes - 100, 200),            // straddling its end
            (1, 0x200, 0xFFFF_FF00, 0x200),             // offset + length past 2^32
            (4, 16, 4096, 60),                          // element size × count is not the length
            (0, 64, 4096, 0),                           // no element size
        };
        long importer = 0, exporter = 0;
        int channel = 0;
        foreach ((int elementSize, long count, long offset, long length) in hostile)
        {
            (importer, exporter) = Open();
            long before = (long)_k1.Call("RejectedFor", (int)LinkRejection.BadArray);
            _k0.Call("ForgeArray", (long)_k0ToK1, RingBytes, channel, (int)LinkRecord.ArrayInWindow, elementSize, count, offset, length, _bell1);
            Eventually(() => (long)_k1.Call("RejectedFor", (int)LinkRejection.BadArray) == before + 1, "k1 to refuse the array at " + offset.ToString());
            Assert.True((bool)_k1.Call("WaitClosed", exporter, false, Patience));
            Assert.True((bool)_k0.Call("WaitClosed", importer, true, Patience));
            _k0.Call("Close", importer, true);
            _k1.Call("Close", exporter, false);
            channel += 2;                               // k0's channel numbers: 0, 2, 4, …
        }
        if (!_oneCopy)
        {
            // Without a window even an array inside the far kernel's memory is not read.
            (importer, exporter) = Open();
            long before = (long)_k1.Call("RejectedFor", (int)LinkRejection.BadArray);
            _k0.Call("ForgeArray", (long)_k0ToK1, RingBytes, channel, (int)LinkRecord.ArrayInWindow, 1, 64L, 4096L, 64L, _bell1);
            Eventually(() => (long)_k1.Call("RejectedFor", (int)LinkRejection.BadArray) == before + 1, "k1 to refuse an array it has no window for");
            _k0.Call("Close", importer, true);
            _k1.Call("Close", exporter, false);
        }
        Assert.Null(_k1.Get<string>("Failure"));
        Assert.Equal(hostile.Length + (_oneCopy ? 0 : 1), (long)_k1.Call("RejectedFor", (int)LinkRejection.BadArray));
        RoundTrips(20, 65536);                          // the link goes on
    }

    // The sender holds the arrays of the records the other kernel has not taken, at most Link.PinnedBytesLimit of them:
    // with k1 not reading, k0 holds exactly that much, the rest waits in the link's backlog; once k1 reads, everything
    // arrives in order with its bytes, and k0 frees what it held (at the next record from k1: here the close).
    [Fact]
    public void HeldArraysAreBoundedWaitInOrderAndAreFreedOnceTaken()
    {
        const int Items = 40, Bytes = 16 * 1024;        // 16 of them make the bound
        long importer = (long)_k0.Call("OpenTo", 1, "bulk");
        long exporter = (long)_k1.Call("AcceptFrom", 0, Patience);
        Assert.NotEqual(0L, exporter);
        long k0Baseline = _k0.Get<long>("LiveHandles"), k1Baseline = _k1.Get<long>("LiveHandles");
        _k1.Call("Pause", true);
        _k0.Call("StartBulk", importer, Items, Bytes);
        Assert.True((bool)_k0.Call("JoinStreaming", Patience));     // Items < Link.Backlog: the sender never waits
        Thread.Sleep(200);
        long held = _oneCopy ? Link.PinnedBytesLimit : 0;
        Assert.Equal(held, _k0.Get<long>("PinnedBytes"));
        Assert.Equal(held / Bytes, _k0.Get<int>("PinnedArrays"));
        Assert.True(_k0.Get<int>("BacklogCount") > 0, "messages wait in the backlog");
        _k1.Call("Pause", false);
        Assert.Null(_k1.Call("ReceiveBulk", exporter, Items, Bytes));
        Assert.True(_k0.Get<long>("PinnedBytes") <= Link.PinnedBytesLimit);
        _k1.Call("CloseOf", "bulk", exporter, false);
        Assert.True((bool)_k0.Call("WaitClosedOf", "bulk", importer, true, Patience));
        Eventually(() => _k0.Get<long>("PinnedBytes") == 0, "k0 to free what k1 took");
        Assert.Equal(0, _k0.Get<int>("PinnedArrays"));
        Eventually(() => _k1.Get<long>("LiveHandles") == k1Baseline - 1, "k1's heap to return to its baseline, less the closed exporter");
        _k0.Call("CloseOf", "bulk", importer, true);
        Assert.Equal(k0Baseline - 1, _k0.Get<long>("LiveHandles"));     // the importer, and its spare block, gone
        Assert.True(_k1.Get<long>("Rejected") == 0, Rejections(_k1));
    }

    // A link that dies frees every array it held for the far kernel, and what waited in its backlog.
    [Fact]
    public void ADeadLinkFreesTheArraysItHeld()
    {
        long importer = (long)_k0.Call("OpenTo", 1, "bulk");
        long exporter = (long)_k1.Call("AcceptFrom", 0, Patience);
        Assert.NotEqual(0L, exporter);
        long baseline = _k0.Get<long>("LiveHandles");
        _k1.Call("Pause", true);
        _k0.Call("StartBulk", importer, 20, 32 * 1024);
        Assert.True((bool)_k0.Call("JoinStreaming", Patience));
        Thread.Sleep(100);
        Assert.Equal(_oneCopy ? 8 : 0, _k0.Get<int>("PinnedArrays"));
        _k0.Call("FailLink", "k1 is gone");
        Assert.Equal(0L, _k0.Get<long>("PinnedBytes"));
        Assert.Equal(0, _k0.Get<int>("PinnedArrays"));
        Assert.Equal(0, _k0.Get<int>("BacklogCount"));
        Assert.Equal(baseline, _k0.Get<long>("LiveHandles"));
        _k0.Call("CloseOf", "bulk", importer, true);
    }
}

/// <summary>LinkTests over links that carry arrays inside their records (no memory shared but the rings).</summary>
public sealed class InRingLinkTests : LinkTests
{
    public InRingLinkTests() : base(oneCopy: false)
    {
    }
}
