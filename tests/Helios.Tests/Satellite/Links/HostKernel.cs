// One kernel of a two-kernel machine on the host (LinkTests): loaded into an AssemblyLoadContext of its own, so its
// channel runtime has its own statics (ExchangeHeap.Current, the contract registry), as each kernel image does. The
// two are joined only by rings in native memory and a semaphore each (the doorbell: an IPI in the kernel; k1 answers it
// as the kernel's interrupt handler does, Link.DeliverFromInterrupt, and k0 with its link thread alone). The test
// drives each through these static methods by reflection; values cross as longs, strings and objects of the CLR.
using System.Runtime.InteropServices;
using Helios.Channels;
using Helios.Satellite.Links;
using Helios.Tests.Channels;

namespace Helios.Tests.Satellite.Links;

public static unsafe class HostKernel
{
    private static ClrChannelHost s_host;
    private static Link s_link;                                     // the first link (a two-kernel machine's only one)
    private static readonly Dictionary<int, Link> s_links = new();  // by far kernel
    private static readonly List<Thread> s_linkThreads = new();
    private static Thread s_server;
    private static volatile bool s_stopping;
    private static string s_serverResult;

    // TestContracts.BufferPingPong with its true wire identity (FNV of the names), as the contract compiler would make
    // it: a link declares a contract to the other kernel, which checks the identity like a process's declaration.
    public static readonly ContractInfo Contract = new(
        "LinkPingPong", WireHash.ContractId("LinkPingPong"), 2,
        new[] { "Ping", "Pong" }, new[] { WireHash.MessageTag("Ping"), WireHash.MessageTag("Pong") },
        new[] { WireHash.ContractId("LinkPingPong"), WireHash.ContractId("LinkPingPong") },
        new ushort[] { 40, 40 }, new byte[] { 1, 1 },
        new[] { "Start", "Start after Ping?" }, new byte[] { 1, 2 },
        new ushort[] { 2, 0, 0, 1 });

    // A one-way stream: the importer sends Item(n) as often as it likes (flow control has nothing else to stop it).
    public static readonly ContractInfo Stream = new(
        "LinkStream", WireHash.ContractId("LinkStream"), 1,
        new[] { "Item" }, new[] { WireHash.MessageTag("Item") }, new[] { WireHash.ContractId("LinkStream") },
        new ushort[] { 24 }, new byte[] { 0 }, new[] { "Start" }, new byte[] { 1 }, new ushort[] { 1 });

    // Carries one endpoint (of any contract, either side) from its importer to its exporter: Carry(endpoint, n).
    public static readonly ContractInfo Carrier = new(
        "LinkCarrier", WireHash.ContractId("LinkCarrier"), 1,
        new[] { "Carry" }, new[] { WireHash.MessageTag("Carry") }, new[] { WireHash.ContractId("LinkCarrier") },
        new ushort[] { 40 }, new byte[] { 1 }, new[] { "Start" }, new byte[] { 1 }, new ushort[] { 1 });

    // A one-way stream of arrays: the importer sends Item(array, n) as often as it likes (the one-copy link's holds).
    public static readonly ContractInfo Bulk = new(
        "LinkBulk", WireHash.ContractId("LinkBulk"), 1,
        new[] { "Item" }, new[] { WireHash.MessageTag("Item") }, new[] { WireHash.ContractId("LinkBulk") },
        new ushort[] { 40 }, new byte[] { 1 }, new[] { "Start" }, new byte[] { 1 }, new ushort[] { 1 });

    private static ContractInfo Named(string contract) => contract switch
    {
        "stream" => Stream,
        "bulk" => Bulk,
        "pingpong" => Contract,
        "carrier" => Carrier,
        _ => throw new ArgumentException(contract),
    };

    private static Link To(int far) => s_links[far];

    /// <summary>A channel of contract (stream, pingpong, carrier) to far: the importer here; the exporter there (AcceptFrom).</summary>
    public static long OpenTo(int far, string contract) => (long)To(far).Open(Named(contract), ContractInfo.Importer, s_host.Heap.KernelOwner);

    /// <summary>The end of a channel far opened to this kernel, waiting for it (0 after timeout).</summary>
    public static long AcceptFrom(int far, int milliseconds)
    {
        DateTime deadline = DateTime.UtcNow.AddMilliseconds(milliseconds);
        while (DateTime.UtcNow < deadline)
        {
            if (To(far).TryAccept(out ulong endpoint, out _)) return (long)endpoint;
            Thread.Sleep(1);
        }
        return 0;
    }

    /// <summary>A local channel of contract: { importer, exporter }.</summary>
    public static long[] CreateLocal(string contract)
    {
        Channel.Create(Named(contract), out ulong importer, out ulong exporter);
        return new[] { (long)importer, (long)exporter };
    }

    /// <summary>Sends endpoint (an importer or an exporter) inside a Carry on the carrier's importer: null, or the refusal.</summary>
    public static string CarryEndpoint(long carrier, long endpoint, bool importer, int n)
    {
        MessageWriter w = Channel.BeginSend((ulong)carrier, Carrier, ContractInfo.Importer, 0);
        w.WriteEndpoint(0, (ulong)endpoint, importer ? WireLayout.KindImporter : WireLayout.KindExporter);
        w.Write(32, n);
        try
        {
            w.Commit();
            return null;
        }
        catch (ChannelException e)
        {
            return e.GetType().Name + ": " + e.Message;
        }
    }

    /// <summary>Receives a Carry on the carrier's exporter: the endpoint it carries, now held here; n must match.</summary>
    public static long ReceiveCarried(long carrier, int n)
    {
        MessageReader r = Channel.BeginReceive((ulong)carrier, Carrier, ContractInfo.Exporter, 0);
        ulong endpoint = r.ReadHandle(0);
        int got = r.Read<int>(32);
        r.End();
        if (got != n) throw new InvalidOperationException("Carry " + n.ToString() + " arrived as " + got.ToString());
        return (long)endpoint;
    }

    /// <summary>Sends Item(from) … Item(to - 1) on a stream's importer, here and now.</summary>
    public static void SendItems(long importer, int from, int to)
    {
        for (int i = from; i < to; i++) Channel.Send((ulong)importer, Stream, ContractInfo.Importer, 0, i);
    }

    /// <summary>Sends Item(from) … Item(from + count - 1) from a thread of its own (JoinStreaming waits for it).</summary>
    public static void StartStreamingFrom(long importer, int from, int count)
    {
        s_sent = 0;
        s_sender = new Thread(() =>
        {
            for (int i = from; i < from + count; i++)
            {
                Channel.Send((ulong)importer, Stream, ContractInfo.Importer, 0, i);
                s_sent = i - from + 1;
            }
        }) { IsBackground = true };
        s_sender.Start();
    }

    public static bool WaitClosedOf(string contract, long endpoint, bool importer, int milliseconds)
    {
        DateTime deadline = DateTime.UtcNow.AddMilliseconds(milliseconds);
        while (DateTime.UtcNow < deadline)
        {
            if (Channel.IsClosed((ulong)endpoint, Named(contract), importer ? ContractInfo.Importer : ContractInfo.Exporter)) return true;
            Thread.Sleep(1);
        }
        return false;
    }

    public static bool IsClosedOf(string contract, long endpoint, bool importer)
        => Channel.IsClosed((ulong)endpoint, Named(contract), importer ? ContractInfo.Importer : ContractInfo.Exporter);

    public static void CloseOf(string contract, long endpoint, bool importer)
        => Channel.Close((ulong)endpoint, Named(contract), importer ? ContractInfo.Importer : ContractInfo.Exporter);

    /// <summary>Receives one Pong on a LinkPingPong importer: its n (its array, if any, freed).</summary>
    public static int ReceivePong(long importer)
    {
        (ulong data, int n) = Receive((ulong)importer, ContractInfo.Importer, TestContracts.Pong);
        if (data != 0) new ExArray<byte>(data).Free();
        return n;
    }

    public static void SendPing(long importer, int n) => Send((ulong)importer, ContractInfo.Importer, TestContracts.Ping, 0, n);

    private static void Send(ulong endpoint, byte side, int message, ulong data, int n)
    {
        MessageWriter w = Channel.BeginSend(endpoint, Contract, side, message);
        w.WriteArray(TestContracts.DataIndex, data);
        w.Write(TestContracts.NOffset, n);
        w.Commit();
    }

    private static (ulong Data, int N) Receive(ulong endpoint, byte side, int message)
    {
        MessageReader r = Channel.BeginReceive(endpoint, Contract, side, message);
        (ulong, int) result = (r.ReadHandle(TestContracts.DataIndex), r.Read<int>(TestContracts.NOffset));
        r.End();
        return result;
    }

    private sealed class SemaphoreDoorbell(SemaphoreSlim bell) : LinkDoorbell
    {
        public override void Ring() => bell.Release();
    }

    /// <summary>
    /// Boots: a heap (the first time), the link to far over (outbound, inbound), and its link thread, which sleeps on
    /// mine. A kernel of a machine of three calls it once per link.
    /// </summary>
    public static void Boot(int id, int far, long outbound, long inbound, int ringBytes, bool initialize, object mine, object theirs)
        => BootLink(id, far, outbound, inbound, ringBytes, initialize, mine, theirs, 0, 0, 0);

    /// <summary>
    /// Boot, for a link whose arrays cross by one copy: this kernel's exchange heap takes its pages from [arena,
    /// +arenaBytes) (its memory, which the other kernel reads), and the far kernel's is [farArena, +arenaBytes).
    /// </summary>
    public static void BootOneCopy(int id, int far, long outbound, long inbound, int ringBytes, bool initialize, object mine, object theirs,
        long arena, long farArena, long arenaBytes)
        => BootLink(id, far, outbound, inbound, ringBytes, initialize, mine, theirs, arena, farArena, arenaBytes);

    private static void BootLink(int id, int far, long outbound, long inbound, int ringBytes, bool initialize, object mine, object theirs,
        long arena, long farArena, long arenaBytes)
    {
        s_host ??= arena != 0 ? ClrChannelHost.Install((ulong)arena, (ulong)arenaBytes) : ClrChannelHost.Install();
        _ = Contract;                           // registered in this kernel's table
        _ = Stream;
        _ = Carrier;
        _ = Bulk;
        var outRing = new LinkRing((byte*)outbound, ringBytes);
        var inRing = new LinkRing((byte*)inbound, ringBytes);
        if (initialize)
        {
            outRing.Initialize();
            inRing.Initialize();
        }
        MemoryWindow local = null, remote = null;
        if (arena != 0)
        {
            local = new MemoryWindow(new[] { ((ulong)arena, (ulong)arenaBytes) });
            remote = new MemoryWindow(new[] { ((ulong)farArena, (ulong)arenaBytes) });
        }
        var link = new Link(s_host.Heap, id, far, outRing, inRing, new SemaphoreDoorbell((SemaphoreSlim)theirs), local, remote);
        s_link ??= link;
        s_links.Add(far, link);
        var bell = (SemaphoreSlim)mine;
        var linkThread = new Thread(() =>
        {
            while (!s_stopping)
            {
                if (s_paused)
                {
                    bell.Wait(5);
                    continue;
                }
                // k1 takes what arrives as the kernel's doorbell interrupt does (messages straight to their ends; the
                // thread only for the rest, and for what the interrupt left), k0 with its link thread alone: every test
                // crosses both ways of receiving.
                if (id == 1 && !link.DeliverFromInterrupt())
                {
                    bell.Wait(50);
                    continue;
                }
                while (link.Poll() != 0) { }
                if (link.PrepareToSleep()) bell.Wait(50);
            }
        }) { IsBackground = true, Name = "link k" + id.ToString() + "-k" + far.ToString() };
        s_linkThreads.Add(linkThread);
        linkThread.Start();
    }

    public static void Start()
    {
        foreach (Link link in s_links.Values) link.Start();
    }

    private static volatile bool s_paused;
    private static Thread s_sender;
    private static volatile int s_sent;

    /// <summary>Stops (or resumes) reading the ring from the other kernel, as a kernel too busy to would.</summary>
    public static void Pause(bool paused) => s_paused = paused;

    public static long OpenStream() => (long)s_link.Open(Stream, ContractInfo.Importer, s_host.Heap.KernelOwner);

    /// <summary>Sends Item(0) … Item(count - 1) from a thread of its own; Sent says how far it got.</summary>
    public static void StartStreaming(long importer, int count)
    {
        s_sent = 0;
        s_sender = new Thread(() =>
        {
            for (int i = 0; i < count; i++)
            {
                Channel.Send((ulong)importer, Stream, ContractInfo.Importer, 0, i);
                s_sent = i + 1;
            }
        }) { IsBackground = true };
        s_sender.Start();
    }

    public static int Sent => s_sent;

    /// <summary>Sends Item(array of bytes bytes, n) for n = 0 … count - 1 on a bulk importer from a thread of its own.</summary>
    public static void StartBulk(long importer, int count, int bytes)
    {
        s_sent = 0;
        s_sender = new Thread(() =>
        {
            for (int i = 0; i < count; i++)
            {
                var array = ExArray<byte>.Allocate(bytes);
                for (int b = 0; b < bytes; b++) array[b] = (byte)(i * 13 + b);
                MessageWriter w = Channel.BeginSend((ulong)importer, Bulk, ContractInfo.Importer, 0);
                w.WriteArray(TestContracts.DataIndex, array.Handle);
                w.Write(TestContracts.NOffset, i);
                w.Commit();
                s_sent = i + 1;
            }
        }) { IsBackground = true };
        s_sender.Start();
    }

    /// <summary>Receives count Items of a bulk exporter: n = 0, 1, … in order, each array's bytes checked; null, or what went wrong.</summary>
    public static string ReceiveBulk(long exporter, int count, int bytes)
    {
        for (int i = 0; i < count; i++)
        {
            MessageReader r = Channel.BeginReceive((ulong)exporter, Bulk, ContractInfo.Exporter, 0);
            ulong data = r.ReadHandle(TestContracts.DataIndex);
            int n = r.Read<int>(TestContracts.NOffset);
            r.End();
            if (n != i) return "item " + i.ToString() + " arrived as " + n.ToString();
            string wrong = CheckAndFree("item " + i.ToString(), data, bytes, i * 13);
            if (wrong is not null) return wrong;
        }
        return null;
    }

    // What is wrong with the array handle names (what, in a message), which should be bytes long and hold (byte)(first +
    // b) at each b: null, after freeing it, when nothing is.
    private static string CheckAndFree(string what, ulong handle, int bytes, int first)
    {
        var array = new ExArray<byte>(handle);
        if (array.Length != bytes) return what + ": " + array.Length.ToString() + " bytes, not " + bytes.ToString();
        for (int b = 0; b < bytes; b++)
            if (array[b] != (byte)(first + b)) return what + ": byte " + b.ToString() + " differs";
        array.Free();
        return null;
    }

    public static bool JoinStreaming(int milliseconds) => s_sender.Join(milliseconds);

    /// <summary>Receives count Items, which must be 0, 1, 2, …: null, or what went wrong.</summary>
    public static string ReceiveStream(long exporter, int count) => ReceiveStreamFrom(exporter, 0, count);

    /// <summary>Receives Items from, from + 1, … up to count - 1, in that order: null, or what went wrong.</summary>
    public static string ReceiveStreamFrom(long exporter, int from, int count)
    {
        for (int i = from; i < count; i++)
        {
            Channel.Receive((ulong)exporter, Stream, ContractInfo.Exporter, 0, out int n);
            if (n != i) return "item " + i.ToString() + " arrived as " + n.ToString();
        }
        return null;
    }

    public static void Stop()
    {
        s_stopping = true;
        foreach (Thread thread in s_linkThreads) thread.Join();
    }

    public static bool HelloReceived => s_links.Values.All(link => link.HelloReceived);

    public static long Rejected => s_links.Values.Sum(link => link.Rejected);

    public static long RejectedFor(int reason) => s_links.Values.Sum(link => link.RejectedFor((LinkRejection)reason));

    public static string Failure => s_link.Failure;

    public static int Channels => s_links.Values.Sum(link => link.ChannelCount);

    public static long LiveHandles => s_host.Heap.LiveHandles;

    public static long Allocations => s_host.Heap.Allocations;

    public static long BytesReceived => s_link.BytesReceived;

    public static long BytesSent => s_link.BytesSent;

    public static bool OneCopy => s_link.OneCopy;

    /// <summary>Array bytes and arrays this kernel holds for the other to read (records it has not taken yet).</summary>
    public static long PinnedBytes => s_links.Values.Sum(link => link.PinnedBytes);

    public static int PinnedArrays => s_links.Values.Sum(link => link.PinnedArrays);

    public static int BacklogCount => s_link.BacklogCount;

    /// <summary>A channel of LinkPingPong: the importer here (returned), the exporter on the other kernel.</summary>
    public static long OpenImporter() => (long)s_link.Open(Contract, ContractInfo.Importer, s_host.Heap.KernelOwner);

    /// <summary>
    /// A local channel of LinkPingPong whose exporter then moves to the other kernel (a bind to a service there):
    /// { the importer, which stays, and the channel's number on the link }. With pingFirst, a Ping is sent before the
    /// move: the move must be refused (the message is in flight) and the refusal is the third element's text.
    /// </summary>
    public static object Export(bool pingFirst)
    {
        Channel.Create(Contract, out ulong importer, out ulong exporter);
        if (pingFirst) Send(importer, ContractInfo.Importer, TestContracts.Ping, 0, 0);
        try
        {
            uint number = s_link.Export(exporter, s_host.Heap.KernelOwner);
            return new object[] { (long)importer, (long)number, null };
        }
        catch (ChannelException e)
        {
            return new object[] { (long)importer, (long)exporter, e.Message };
        }
    }

    /// <summary>The end the other kernel moved here as channel number, waiting for its Open (0 after timeout).</summary>
    public static long TakeHeld(long number, int milliseconds)
    {
        DateTime deadline = DateTime.UtcNow.AddMilliseconds(milliseconds);
        while (DateTime.UtcNow < deadline)
        {
            if (s_link.TryTakeHeld((uint)number, out ulong endpoint, out _)) return (long)endpoint;
            Thread.Sleep(1);
        }
        return 0;
    }

    /// <summary>The exporter of a channel the other kernel opened, waiting for it (0 after timeout).</summary>
    public static long Accept(int milliseconds)
    {
        DateTime deadline = DateTime.UtcNow.AddMilliseconds(milliseconds);
        while (DateTime.UtcNow < deadline)
        {
            if (s_link.TryAccept(out ulong endpoint, out _)) return (long)endpoint;
            Thread.Sleep(1);
        }
        return 0;
    }

    /// <summary>Serves count pings on the exporter: each comes back as a pong carrying the same array and n + 1.</summary>
    public static void StartEchoServer(long exporter, int count)
    {
        s_serverResult = null;
        s_server = new Thread(() =>
        {
            try
            {
                for (int i = 0; i < count; i++)
                {
                    (ulong data, int n) = Receive((ulong)exporter, ContractInfo.Exporter, TestContracts.Ping);
                    Send((ulong)exporter, ContractInfo.Exporter, TestContracts.Pong, data, n + 1);
                }
                s_serverResult = "served";
            }
            catch (Exception e)
            {
                s_serverResult = e.GetType().Name + ": " + e.Message;
            }
        }) { IsBackground = true };
        s_server.Start();
    }

    public static string JoinServer(int milliseconds) => s_server.Join(milliseconds) ? s_serverResult : "the server hung";

    /// <summary>count round trips of arrays of bytes bytes (none for -1), each filled and checked; null when all held.</summary>
    public static string PingPong(long importer, int count, int bytes)
    {
        for (int i = 0; i < count; i++)
        {
            ulong data = 0;
            if (bytes >= 0)
            {
                var array = ExArray<byte>.Allocate(bytes);
                for (int b = 0; b < bytes; b++) array[b] = (byte)(i * 7 + b);
                data = array.Handle;
            }
            Send((ulong)importer, ContractInfo.Importer, TestContracts.Ping, data, i);
            (ulong back, int n) = Receive((ulong)importer, ContractInfo.Importer, TestContracts.Pong);
            if (n != i + 1) return "round trip " + i.ToString() + ": n came back as " + n.ToString();
            if (bytes < 0)
            {
                if (back != 0) return "a null array came back as 0x" + back.ToString("X");
                continue;
            }
            string wrong = CheckAndFree("round trip " + i.ToString() + ", the array that came back", back, bytes, i * 7);
            if (wrong is not null) return wrong;
        }
        return null;
    }

    public static void Close(long endpoint, bool importer)
        => Channel.Close((ulong)endpoint, Contract, importer ? ContractInfo.Importer : ContractInfo.Exporter);

    public static bool IsClosed(long endpoint, bool importer)
        => Channel.IsClosed((ulong)endpoint, Contract, importer ? ContractInfo.Importer : ContractInfo.Exporter);

    /// <summary>Waits until the end sees its channel closed (true), or the time passes.</summary>
    public static bool WaitClosed(long endpoint, bool importer, int milliseconds)
    {
        DateTime deadline = DateTime.UtcNow.AddMilliseconds(milliseconds);
        while (DateTime.UtcNow < deadline)
        {
            if (IsClosed(endpoint, importer)) return true;
            Thread.Sleep(1);
        }
        return false;
    }

    /// <summary>The importer sends Ping twice, where the protocol wants a Pong between: the exception the second gets.</summary>
    public static string Violate(long importer)
    {
        Send((ulong)importer, ContractInfo.Importer, TestContracts.Ping, 0, 1);
        try
        {
            Send((ulong)importer, ContractInfo.Importer, TestContracts.Ping, 0, 2);
            return null;
        }
        catch (ChannelException e)
        {
            return e.GetType().Name;
        }
    }

    /// <summary>
    /// Writes count records onto the ring to the other kernel behind the link's back, as a hostile kernel could: random
    /// kinds (mostly real ones) and random bytes, some shaped like messages of channel (its number and tags).
    /// </summary>
    public static void Forge(long outbound, int ringBytes, int count, int seed, int channel, object theirs)
    {
        var ring = new LinkRing((byte*)outbound, ringBytes);
        var random = new Random(seed);
        var payload = new byte[512];
        for (int i = 0; i < count; i++)
        {
            int length = random.Next(payload.Length);
            random.NextBytes(payload);
            ushort kind = (ushort)(random.Next(8) == 0 ? random.Next(0xFFFF) : 1 + random.Next(5));
            if (kind == LinkRecord.Message && random.Next(2) == 0)
            {
                // Shaped like a Ping of the channel (one descriptor, 8 bytes of values), wrong only in its details.
                length = Math.Max(length, LinkRecord.MessageHeaderSize + LinkRecord.DescriptorSize + 8);
                BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.ChannelOffset), channel);
                BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.TagOffset), random.Next(2) == 0 ? Contract.MessageTags[0] : Contract.MessageTags[1]);
                payload[LinkRecord.DescriptorCountOffset] = 1;
                payload[LinkRecord.DescriptorCountOffset + 1] = 0;
                BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.ValuesLengthOffset), 8);
            }
            while (!ring.TryWrite(kind, payload.AsSpan(0, length))) Thread.Sleep(0);
            if (ring.ConsumerNeedsWake()) ((SemaphoreSlim)theirs).Release();
        }
    }

    /// <summary>
    /// Writes, behind the link's back, the Ping a hostile kernel could send as sequence 0 of channel: well formed but for
    /// its array descriptor (present, element size, count, offset, length as given).
    /// </summary>
    public static void ForgeArray(long outbound, int ringBytes, int channel, int present, int elementSize, long count, long offset, long length, object theirs)
    {
        var ring = new LinkRing((byte*)outbound, ringBytes);
        var payload = new byte[LinkRecord.MessageHeaderSize + LinkRecord.DescriptorSize + 16];
        BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.ChannelOffset), channel);
        BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.TagOffset), Contract.MessageTags[TestContracts.Ping]);
        payload[LinkRecord.DescriptorCountOffset] = 1;
        BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.ValuesLengthOffset), 16);
        BitConverter.TryWriteBytes(payload.AsSpan(LinkRecord.SequenceOffset), 0);
        Span<byte> d = payload.AsSpan(LinkRecord.MessageHeaderSize);
        d[LinkRecord.DescriptorKindOffset] = WireLayout.KindArray;
        d[LinkRecord.DescriptorPresentOffset] = (byte)present;
        BitConverter.TryWriteBytes(d.Slice(LinkRecord.DescriptorElementSizeOffset), (ushort)elementSize);
        BitConverter.TryWriteBytes(d.Slice(LinkRecord.DescriptorElementCountOffset), (uint)count);
        BitConverter.TryWriteBytes(d.Slice(LinkRecord.DescriptorDataOffset), (uint)offset);
        BitConverter.TryWriteBytes(d.Slice(LinkRecord.DescriptorLengthOffset), (uint)length);
        while (!ring.TryWrite(LinkRecord.Message, payload)) Thread.Sleep(0);
        if (ring.ConsumerNeedsWake()) ((SemaphoreSlim)theirs).Release();
    }

    /// <summary>The link is over (its far kernel is gone): every channel closes here.</summary>
    public static void FailLink(string why) => s_link.Fail(why);
}
