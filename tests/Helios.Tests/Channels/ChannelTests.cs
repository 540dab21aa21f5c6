// Channels on the CLR host: zero-copy ping-pong, ownership moves, protocol checks, closing, endpoints sent over a
// channel, select, reclaim, and 100,000 messages between two threads (the kernel runs the same checks on both ISAs).
using Helios.Channels;
using Xunit;
using static Helios.Tests.Channels.TestContracts;

namespace Helios.Tests.Channels;

[Collection("ExchangeHeap")]
public sealed unsafe class ChannelTests
{
    private const byte Imp = ContractInfo.Importer, Exp = ContractInfo.Exporter;

    [Fact]
    public void ASendMovesTheBufferWithoutCopying()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        var data = ExArray<byte>.Allocate(4096);
        data[0] = 7;
        byte* where = host.Heap.Resolve(data.Handle, out _, out _);
        SendPing(imp, data.Handle, 1);
        Assert.False(data.IsLive);
        Assert.Throws<UseAfterSendException>(() => data[0] = 8);      // the sender's handle died
        (ulong received, int n) = Receive(exp, Exp, Ping);
        Assert.Equal(1, n);
        Assert.True(host.Heap.Resolve(received, out uint bytes, out _) == where);
        Assert.Equal(4096u, bytes);
        Assert.Equal(7, new ExArray<byte>(received)[0]);
        SendPong(exp, received, 2);
        (ulong back, int m) = Receive(imp, Imp, Pong);
        Assert.Equal(2, m);
        Assert.True(host.Heap.Resolve(back, out _, out _) == where);
    }

    [Fact]
    public void AProtocolViolationFaultsTheSenderAndClosesTheChannel()
    {
        ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        var data = ExArray<byte>.Allocate(1);
        var e = Assert.Throws<ProtocolViolationException>(() => SendPong(exp, data.Handle, 0));   // the server speaks first
        Assert.Contains("exporter sent Pong in state Start", e.Message);
        Assert.Contains("importer may send Ping", e.Message);
        Assert.True(data.IsLive);                                    // nothing was sent: the buffer is still ours
        Assert.Throws<ChannelClosedException>(() => SendPing(imp, data.Handle, 0));   // the peer sees it closed
        Assert.Throws<ChannelClosedException>(() => Receive(imp, Imp, Pong));
        Assert.True(data.IsLive);
    }

    [Fact]
    public void UseAfterSendOfAnArrayFaultsTheSenderOnly()
    {
        ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        var data = ExArray<byte>.Allocate(16);
        SendPing(imp, data.Handle, 1);
        (ulong got, _) = Receive(exp, Exp, Ping);
        Assert.Throws<UseAfterSendException>(() => data.Span[0] = 1);
        SendPong(exp, got, 2);                                       // the channel is fine
        Assert.Equal(2, Receive(imp, Imp, Pong).N);
        Assert.Throws<UseAfterSendException>(() => SendPing(imp, data.Handle, 3));   // sending it again: dead
        Assert.Equal(0, Channel.StateOf(imp, BufferPingPong, Imp));  // the failed send left the protocol where it was
        SendPing(imp, 0, 4);
        Assert.Equal(4, Receive(exp, Exp, Ping).N);
    }

    [Fact]
    public void CloseLetsThePeerDrainThenSeeItClosed()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        SendPing(imp, ExArray<byte>.Allocate(8).Handle, 5);
        Channel.Close(imp, BufferPingPong, Imp);
        Assert.Throws<UseAfterSendException>(() => SendPing(imp, 0, 0));   // the closed end's handle is dead
        Assert.Equal(5, Receive(exp, Exp, Ping).N);
        Assert.Throws<ChannelClosedException>(() => SendPong(exp, 0, 0));
        Assert.Equal(-1, Channel.WaitNext(exp, BufferPingPong, Exp));
        Channel.Close(exp, BufferPingPong, Exp);
        Assert.Equal(1, host.Heap.LiveHandles);                       // the received buffer, still ours
    }

    [Fact]
    public void ClosingFreesQueuedMessagesAndWhatTheyCarry()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        SendPing(imp, ExArray<byte>.Allocate(100_000).Handle, 5);
        Assert.Equal(4, host.Heap.LiveHandles);                       // two endpoints, a message, its buffer
        Channel.Close(exp, BufferPingPong, Exp);
        Assert.Equal(1, host.Heap.LiveHandles);
        Channel.Close(imp, BufferPingPong, Imp);
        Assert.Equal(0, host.Heap.LiveHandles);
        Assert.Equal(0, host.Heap.LiveBytes);
    }

    [Fact]
    public void ReclaimClosesTheDeadOwnersEndpoints()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        ExOwner server = host.Heap.CreateOwner("server");
        ClrChannelHost.ThreadOwner = server;
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        ClrChannelHost.ThreadOwner = null;
        // Hand the importer to the kernel by sending it over a carrier channel: the generic way endpoints move.
        Channel.Create(Carrier, out ulong cimp, out ulong cexp);
        ClrChannelHost.ThreadOwner = server;
        Assert.Throws<UseAfterSendException>(() => SendEndpoint(cimp, imp));    // the carrier is the kernel's
        ClrChannelHost.ThreadOwner = null;
        Assert.Throws<UseAfterSendException>(() => SendEndpoint(cimp, imp));    // and imp is the server's
        host.Heap.Reclaim(server);
        Assert.False(host.Heap.IsLive(exp));
        Assert.False(host.Heap.IsLive(imp));
    }

    [Fact]
    public void EndpointsTravelOverChannels()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        Channel.Create(Carrier, out ulong cimp, out ulong cexp);
        SendEndpoint(cimp, exp);
        Assert.False(host.Heap.IsLive(exp));
        Assert.Throws<UseAfterSendException>(() => Receive(exp, Exp, Ping));
        MessageReader r = Channel.BeginReceive(cexp, Carrier, Exp, 0);
        ulong moved = r.ReadEndpoint(0, BufferPingPong, Exp);
        r.End();
        Assert.Throws<ChannelException>(() => Channel.StateOf(moved, BufferPingPong, Imp));   // typed: an exporter is not an importer
        SendPing(imp, 0, 9);
        Assert.Equal(9, Receive(moved, Exp, Ping).N);
    }

    [Fact]
    public void ACarriedEndpointWithQueuedMessagesDiesWithItsUndeliveredMessage()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        Channel.Create(Carrier, out ulong cimp, out ulong cexp);
        SendPing(imp, ExArray<byte>.Allocate(10).Handle, 1);
        SendEndpoint(cimp, exp);
        Channel.Close(cexp, Carrier, Exp);                            // the carrier's queue held exp: it closes
        Assert.True(Channel.IsClosed(imp, BufferPingPong, Imp));
        Channel.Close(cimp, Carrier, Imp);
        Channel.Close(imp, BufferPingPong, Imp);
        Assert.Equal(0, host.Heap.LiveHandles);
    }

    [Fact]
    public void SelectPicksTheReadyCaseAndReportsClosing()
    {
        ClrChannelHost.Install();
        Channel.Create(BufferPingPong, out ulong imp1, out ulong exp1);
        Channel.Create(BufferPingPong, out ulong imp2, out ulong exp2);
        var select = new Select();
        int ping1 = select.Add(new SelectCase(exp1, BufferPingPong, Exp, Ping));
        int ping2 = select.Add(new SelectCase(exp2, BufferPingPong, Exp, Ping));
        int closed2 = select.Add(new SelectCase(exp2, BufferPingPong, Exp, SelectCase.ClosedChannel));
        Assert.Equal(-1, select.Wait(1_000_000));
        var sender = new Thread(() => SendPing(imp2, 0, 2));
        sender.Start();
        Assert.Equal(ping2, select.Wait());
        sender.Join();
        Assert.Equal(2, Receive(exp2, Exp, Ping).N);
        SendPing(imp1, 0, 1);
        Assert.Equal(ping1, select.Wait());
        Assert.Equal(1, Receive(exp1, Exp, Ping).N);
        Channel.Close(imp2, BufferPingPong, Imp);
        Assert.Equal(closed2, select.Wait());
    }

    [Fact]
    public void ManyMessagesArriveInOrderAndTheHeapReturnsToBaseline()
    {
        ClrChannelHost host = ClrChannelHost.Install();
        int baseline = host.Heap.LiveHandles;
        long baselineBytes = host.Heap.LiveBytes;
        const int Count = 100_000;              // the kernel test sends 10^6; the CLR host wakes slowly
        Channel.Create(BufferPingPong, out ulong imp, out ulong exp);
        Exception failure = null;
        var server = new Thread(() =>
        {
            try
            {
                for (int i = 0; i < Count; i++)
                {
                    (ulong data, int n) = Receive(exp, Exp, Ping);
                    if (n != i) throw new InvalidOperationException("message " + i + " carried " + n);
                    SendPong(exp, data, n);
                }
            }
            catch (Exception e) { failure = e; }
        });
        server.Start();
        ulong buffer = ExArray<int>.Allocate(1).Handle;
        for (int i = 0; i < Count; i++)
        {
            SendPing(imp, buffer, i);
            (buffer, int n) = Receive(imp, Imp, Pong);
            Assert.Equal(i, n);
        }
        server.Join();
        Assert.Null(failure);
        new ExArray<int>(buffer).Free();
        Channel.Close(imp, BufferPingPong, Imp);
        Channel.Close(exp, BufferPingPong, Exp);
        Assert.Equal(baseline, host.Heap.LiveHandles);
        Assert.Equal(baselineBytes, host.Heap.LiveBytes);
    }

    // Carrier { in Give(exp<BufferPingPong> e); Start: Give? -> Start; }: 32 bytes, one descriptor.
    private static readonly ContractInfo Carrier = new(
        "Carrier", 0x42UL, 1, new[] { "Give" }, new ushort[] { 0x3333 }, new[] { 0x42UL }, new ushort[] { 32 }, new byte[] { 1 },
        new[] { "Start" }, new byte[] { 1 }, new ushort[] { 1 });

    private static void SendEndpoint(ulong carrier, ulong endpoint)
    {
        MessageWriter w = Channel.BeginSend(carrier, Carrier, Imp, 0);
        w.WriteEndpoint(0, endpoint, WireLayout.KindExporter);
        w.Commit();
    }
}
