// Endpoints carried inside messages between kernels, on the host: three kernels (HostKernel, each in its own
// AssemblyLoadContext), every two joined by a ring each way in native memory. An end sent over a remote channel keeps
// its channel working from both sides, whichever kernel its peer is on: messages queued before the transfer, sent
// during it and after it all arrive, in order, once; closing either end is seen by the other; an end travels on
// through a third kernel; what is not carried yet is refused before anything is sent. Each kernel's exchange heap lives in
// an arena of its own that the others read (one-copy links, MemoryWindow), as kernels of a NUMA machine map each other's
// memory.
using System.Runtime.InteropServices;
using Xunit;

namespace Helios.Tests.Satellite.Links;

public sealed unsafe class EndpointTransferTests : IDisposable
{
    private const int RingBytes = 256 * 1024;
    private const int Patience = 60_000;            // milliseconds: only a hang takes this long

    private readonly KernelContext[] _k = new KernelContext[3];
    private const long ArenaBytes = 16 << 20;

    private readonly List<nint> _rings = new();
    private readonly nint[] _arenas = new nint[3];

    public EndpointTransferTests()
    {
        for (int i = 0; i < _k.Length; i++)
        {
            _k[i] = new KernelContext("k" + i.ToString());
            _arenas[i] = (nint)NativeMemory.AlignedAlloc((nuint)ArenaBytes, 64 * 1024);
        }
        for (int low = 0; low < _k.Length; low++)
            for (int high = low + 1; high < _k.Length; high++)
            {
                byte* up = (byte*)NativeMemory.AlignedAlloc(RingBytes, 64), down = (byte*)NativeMemory.AlignedAlloc(RingBytes, 64);
                _rings.Add((nint)up);
                _rings.Add((nint)down);
                SemaphoreSlim lowBell = new(0), highBell = new(0);
                _k[low].Call("BootOneCopy", low, high, (long)up, (long)down, RingBytes, true, lowBell, highBell, (long)_arenas[low], (long)_arenas[high], ArenaBytes);
                _k[high].Call("BootOneCopy", high, low, (long)down, (long)up, RingBytes, false, highBell, lowBell, (long)_arenas[high], (long)_arenas[low], ArenaBytes);
            }
        foreach (KernelContext kernel in _k) kernel.Call("Start");
        Eventually(() => _k.All(kernel => kernel.Get<bool>("HelloReceived")), "the kernels' hellos");
    }

    public void Dispose()
    {
        foreach (KernelContext kernel in _k) kernel.Call("Stop");
        foreach (nint ring in _rings) NativeMemory.AlignedFree((void*)ring);
        foreach (nint arena in _arenas) NativeMemory.AlignedFree((void*)arena);
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

    // A carrier channel from kernel from to kernel to: { its importer on from, its exporter on to }.
    private (long Importer, long Exporter) Carrier(int from, int to)
    {
        long importer = (long)_k[from].Call("OpenTo", to, "carrier");
        long exporter = (long)_k[to].Call("AcceptFrom", from, Patience);
        Assert.NotEqual(0L, exporter);
        return (importer, exporter);
    }

    // Sends end (of side importer or exporter) from kernel from to kernel to over a fresh carrier, while sender streams
    // count items from first on streamImporter (a thread of its own: during the transfer); returns the end on to.
    private long Carry(int from, int to, long end, bool importer, KernelContext sender, long streamImporter, int first, int count)
    {
        (long carrierIn, long carrierOut) = Carrier(from, to);
        if (count > 0) sender.Call("StartStreamingFrom", streamImporter, first, count);
        Assert.Null(_k[from].Call("CarryEndpoint", carrierIn, end, importer, 7));
        long arrived = (long)_k[to].Call("ReceiveCarried", carrierOut, 7);
        Assert.NotEqual(0L, arrived);
        if (count > 0) Assert.True((bool)sender.Call("JoinStreaming", Patience), "the sender finished");
        _k[from].Call("CloseOf", "carrier", carrierIn, true);
        _k[to].Call("CloseOf", "carrier", carrierOut, false);
        return arrived;
    }

    private void AllQuiet(long[] baselines)
    {
        Eventually(() => _k.All(kernel => kernel.Get<int>("Channels") == 0), "every link to forget its channels");
        for (int i = 0; i < _k.Length; i++)
        {
            int k = i;
            Eventually(() => _k[k].Get<long>("LiveHandles") == baselines[k], "k" + k.ToString() + "'s heap to return to its baseline");
            Assert.True(_k[i].Get<long>("Rejected") == 0, LinkTests.Rejections(_k[i]));
        }
    }

    private long[] Baselines() => _k.Select(kernel => kernel.Get<long>("LiveHandles")).ToArray();

    // The stream's receiving end goes from k0 to k1; its sender stays on k0. Items queued at the end before it left,
    // sent while it crosses and sent after all arrive on k1 in order; closing the sender is seen on k1, and the other
    // way round.
    [Fact]
    public void AnEndSentToAnotherKernelKeepsItsStreamInOrder()
    {
        long[] baselines = Baselines();
        long[] local = (long[])_k[0].Call("CreateLocal", "stream");
        long importer = local[0], exporter = local[1];
        _k[0].Call("SendItems", importer, 0, 100);                                      // before: queued at the end
        long moved = Carry(0, 1, exporter, false, _k[0], importer, 100, 5000);          // during
        _k[0].Call("SendItems", importer, 5100, 5200);                                  // after
        Assert.Null(_k[1].Call("ReceiveStreamFrom", moved, 0, 5200));
        _k[0].Call("CloseOf", "stream", importer, true);
        Assert.True((bool)_k[1].Call("WaitClosedOf", "stream", moved, false, Patience));
        _k[1].Call("CloseOf", "stream", moved, false);

        local = (long[])_k[0].Call("CreateLocal", "stream");
        moved = Carry(0, 1, local[1], false, _k[0], local[0], 0, 0);
        _k[1].Call("CloseOf", "stream", moved, false);
        Assert.True((bool)_k[0].Call("WaitClosedOf", "stream", local[0], true, Patience));
        _k[0].Call("CloseOf", "stream", local[0], true);
        AllQuiet(baselines);
    }

    // The sending end goes instead: k1 now sends to the receiver that stayed on k0, after what was sent before it left.
    [Fact]
    public void ASendingEndSentToAnotherKernelKeepsItsOrder()
    {
        long[] baselines = Baselines();
        long[] local = (long[])_k[0].Call("CreateLocal", "stream");
        long importer = local[0], exporter = local[1];
        _k[0].Call("SendItems", importer, 0, 100);
        long moved = Carry(0, 1, importer, true, null, 0, 0, 0);
        _k[1].Call("SendItems", moved, 100, 2100);
        Assert.Null(_k[0].Call("ReceiveStreamFrom", exporter, 0, 2100));
        _k[1].Call("CloseOf", "stream", moved, true);
        Assert.True((bool)_k[0].Call("WaitClosedOf", "stream", exporter, false, Patience));
        _k[0].Call("CloseOf", "stream", exporter, false);
        AllQuiet(baselines);
    }

    // The end's peer is on the receiving kernel already: k1's sender streams to k0's end, which k0 sends to k1.
    [Fact]
    public void AnEndSentToItsPeersKernelKeepsItsStreamInOrder()
    {
        long[] baselines = Baselines();
        long importer = (long)_k[1].Call("OpenTo", 0, "stream");
        long exporter = (long)_k[0].Call("AcceptFrom", 1, Patience);
        Assert.NotEqual(0L, exporter);
        _k[1].Call("SendItems", importer, 0, 100);
        Thread.Sleep(20);                                                               // some of them queued on k0
        long moved = Carry(0, 1, exporter, false, _k[1], importer, 100, 3000);
        _k[1].Call("SendItems", importer, 3100, 3200);
        Assert.Null(_k[1].Call("ReceiveStreamFrom", moved, 0, 3200));
        _k[1].Call("CloseOf", "stream", moved, false);
        Assert.True((bool)_k[1].Call("WaitClosedOf", "stream", importer, true, Patience));
        _k[1].Call("CloseOf", "stream", importer, true);
        AllQuiet(baselines);
    }

    // k0 → k1, then k1 → k2: items before, during and after each transfer arrive on k2 in order; closing is seen.
    [Fact]
    public void AnEndTravelsOnThroughAThirdKernel()
    {
        long[] baselines = Baselines();
        long[] local = (long[])_k[0].Call("CreateLocal", "stream");
        long importer = local[0], exporter = local[1];
        _k[0].Call("SendItems", importer, 0, 100);
        long onK1 = Carry(0, 1, exporter, false, _k[0], importer, 100, 3000);
        _k[0].Call("SendItems", importer, 3100, 3200);
        long onK2 = Carry(1, 2, onK1, false, _k[0], importer, 3200, 3000);
        _k[0].Call("SendItems", importer, 6200, 6300);
        Assert.Null(_k[2].Call("ReceiveStreamFrom", onK2, 0, 6300));
        _k[0].Call("CloseOf", "stream", importer, true);
        Assert.True((bool)_k[2].Call("WaitClosedOf", "stream", onK2, false, Patience));
        _k[2].Call("CloseOf", "stream", onK2, false);
        AllQuiet(baselines);
    }

    // k0 → k1 → k2, then the end that stayed closes right behind 3000 items still on their way through k1: k2
    // receives them all, in order, and only then sees the channel closed; every link forgets the channel.
    [Fact]
    public void ACloseBehindItemsRelayedThroughAThirdKernelComesAfterThem()
    {
        long[] baselines = Baselines();
        long[] local = (long[])_k[0].Call("CreateLocal", "stream");
        long importer = local[0], exporter = local[1];
        _k[0].Call("SendItems", importer, 0, 100);
        long onK1 = Carry(0, 1, exporter, false, null, 0, 0, 0);
        long onK2 = Carry(1, 2, onK1, false, null, 0, 0, 0);
        _k[0].Call("SendItems", importer, 100, 3100);
        _k[0].Call("CloseOf", "stream", importer, true);
        Assert.Null(_k[2].Call("ReceiveStreamFrom", onK2, 0, 3100));
        Assert.True((bool)_k[2].Call("WaitClosedOf", "stream", onK2, false, Patience));
        _k[2].Call("CloseOf", "stream", onK2, false);
        AllQuiet(baselines);
    }

    // Both directions over a carried end, through a third kernel: a Ping queued before the transfers is answered,
    // then round trips with arrays; closing the far end is seen on k0, and closing k0's end on k2.
    [Fact]
    public void RoundTripsCrossACarriedEndBothWaysThroughAThirdKernel()
    {
        long[] baselines = Baselines();
        for (int closer = 0; closer < 2; closer++)
        {
            long[] local = (long[])_k[0].Call("CreateLocal", "pingpong");
            long importer = local[0], exporter = local[1];
            _k[0].Call("SendPing", importer, 41);
            long onK1 = Carry(0, 1, exporter, false, null, 0, 0, 0);
            long onK2 = Carry(1, 2, onK1, false, null, 0, 0, 0);
            _k[2].Call("StartEchoServer", onK2, 501);
            Assert.Equal(42, (int)_k[0].Call("ReceivePong", importer));
            Assert.Null(_k[0].Call("PingPong", importer, 500, 100));
            Assert.Equal("served", _k[2].Call("JoinServer", Patience));
            if (closer == 0)
            {
                _k[2].Call("CloseOf", "pingpong", onK2, false);
                Assert.True((bool)_k[0].Call("WaitClosedOf", "pingpong", importer, true, Patience));
                _k[0].Call("CloseOf", "pingpong", importer, true);
            }
            else
            {
                _k[0].Call("CloseOf", "pingpong", importer, true);
                Assert.True((bool)_k[2].Call("WaitClosedOf", "pingpong", onK2, false, Patience));
                _k[2].Call("CloseOf", "pingpong", onK2, false);
            }
        }
        AllQuiet(baselines);
    }

    // An end with a queued message that itself carries an endpoint is not carried yet: the send is refused before
    // anything crosses, and the end stays where it was, whole.
    [Fact]
    public void AnEndWithACarriedEndQueuedIsRefusedAndStaysLocal()
    {
        long[] baselines = Baselines();
        long[] carrier = (long[])_k[0].Call("CreateLocal", "carrier");
        long[] inner = (long[])_k[0].Call("CreateLocal", "stream");
        Assert.Null(_k[0].Call("CarryEndpoint", carrier[0], inner[1], false, 7));      // queued at carrier[1]
        (long remoteIn, long remoteOut) = Carrier(0, 1);
        string refusal = (string)_k[0].Call("CarryEndpoint", remoteIn, carrier[1], false, 7);
        Assert.NotNull(refusal);
        Assert.StartsWith("ChannelException", refusal);
        Assert.Contains("carries an endpoint", refusal);
        long received = (long)_k[0].Call("ReceiveCarried", carrier[1], 7);              // still here, still whole
        _k[0].Call("SendItems", inner[0], 0, 10);
        Assert.Null(_k[0].Call("ReceiveStreamFrom", received, 0, 10));
        Assert.False((bool)_k[1].Call("IsClosedOf", "carrier", remoteOut, false));
        foreach ((int k, long end, bool imp, string c) in new[] { (0, carrier[0], true, "carrier"), (0, carrier[1], false, "carrier"),
            (0, inner[0], true, "stream"), (0, received, false, "stream"), (0, remoteIn, true, "carrier"), (1, remoteOut, false, "carrier") })
            _k[k].Call("CloseOf", c, end, imp);
        AllQuiet(baselines);
    }
}
