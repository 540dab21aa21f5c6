// The exchange heap on the CLR: allocation, zeroing, reuse, dead handles, ownership and reclaim.
using Helios.Channels;
using Xunit;

namespace Helios.Tests.Channels;

[Collection("ExchangeHeap")]
public sealed unsafe class ExchangeHeapTests
{
    [Fact]
    public void ArraysAreZeroedAndReusedByClass()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        var a = ExArray<int>.Allocate(10);
        Assert.Equal(10, a.Length);
        Assert.All(a.Span.ToArray(), v => Assert.Equal(0, v));
        a[3] = 42;
        byte* first = host.Heap.Resolve(a.Handle, out uint bytes, out _);
        Assert.Equal(40u, bytes);
        a.Free();
        var b = ExArray<int>.Allocate(12);         // the same 64-byte class: the buffer comes back, zeroed
        Assert.True(host.Heap.Resolve(b.Handle, out _, out _) == first);
        Assert.Equal(0, b[3]);
        Assert.Equal(1, host.Heap.LiveHandles);
    }

    [Fact]
    public void AFreedHandleIsDeadInEveryCopy()
    {
        ClrChannelHost.Install();
        var a = ExArray<byte>.Allocate(100);
        ExArray<byte> copy = a;
        a.Free();
        Assert.False(copy.IsLive);
        Assert.Throws<UseAfterSendException>(() => copy[0] = 1);
        Assert.Throws<UseAfterSendException>(() => copy.Free());
        var c = ExArray<byte>.Allocate(100);         // reuses the slot with a new generation: the old handle stays dead
        Assert.Equal(ExHandle.SlotOf(a.Handle), ExHandle.SlotOf(c.Handle));
        Assert.NotEqual(a.Handle, c.Handle);
        Assert.Throws<UseAfterSendException>(() => _ = copy.Length);
    }

    [Fact]
    public void EverySizeClassAndLargeBlocks()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        var arrays = new List<ExArray<byte>>();
        foreach (int size in new[] { 0, 1, 16, 17, 1000, 4096, 65536, 65537, 1 << 20 })
        {
            var a = ExArray<byte>.Allocate(size);
            Assert.Equal(size, a.Length);
            a.Span.Fill(0xAB);
            arrays.Add(a);
        }
        foreach (var a in arrays) Assert.All(a.Span.ToArray(), v => Assert.Equal(0xAB, v));
        ulong reserved = host.Heap.ReservedPages;
        foreach (var a in arrays) a.Free();
        Assert.Equal(0, host.Heap.LiveHandles);
        Assert.Equal(0, host.Heap.LiveBytes);
        Assert.Equal(reserved - 17 - 256, host.Heap.ReservedPages);   // the two large blocks went back to the host
    }

    [Fact]
    public void ReclaimFreesAllAnOwnerHoldsAndNothingElse()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        ExOwner dying = host.Heap.CreateOwner("dying");
        var kept = ExArray<long>.Allocate(8);
        ClrChannelHost.ThreadOwner = dying;
        var arrays = new ExArray<byte>[50];
        for (int i = 0; i < arrays.Length; i++) arrays[i] = ExArray<byte>.Allocate(i * 37);
        Assert.Equal(50, dying.HandleCount);
        Assert.True(dying.Bytes > 0);
        ClrChannelHost.ThreadOwner = null;
        host.Heap.Reclaim(dying);
        Assert.False(dying.IsAlive);
        Assert.Equal(0, dying.HandleCount);
        Assert.Equal(0, dying.Bytes);
        Assert.All(arrays, a => Assert.False(a.IsLive));
        Assert.True(kept.IsLive);
        Assert.Equal(1, host.Heap.LiveHandles);
        Assert.Throws<ChannelException>(() => host.Heap.AllocateArray(dying, 1, 1));
        Assert.Throws<ChannelException>(() => host.Heap.Reclaim(host.Heap.KernelOwner));
    }

    [Fact]
    public void OnlyTheOwnerMayFree()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        ExOwner other = host.Heap.CreateOwner("other");
        var a = ExArray<byte>.Allocate(8);
        Assert.Throws<UseAfterSendException>(() => host.Heap.Free(a.Handle, other));
        Assert.Same(host.Heap.KernelOwner, host.Heap.OwnerOf(a.Handle));
    }

    [Fact]
    public void ManySlotsGrowTheTable()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        var arrays = new ExArray<int>[10_000];
        for (int i = 0; i < arrays.Length; i++)
        {
            arrays[i] = ExArray<int>.Allocate(1);
            arrays[i][0] = i;
        }
        for (int i = 0; i < arrays.Length; i++) Assert.Equal(i, arrays[i][0]);
        foreach (var a in arrays) a.Free();
        Assert.Equal(0, host.Heap.LiveHandles);
    }

    [Fact]
    public void BlittableOnly()
    {
        ClrChannelHost.Install();
        Assert.Throws<ArgumentException>(() => ExArray<KeyValuePair<string, int>>.Allocate(1));
        Assert.Throws<ArgumentOutOfRangeException>(() => ExArray<int>.Allocate(-1));
    }
}
