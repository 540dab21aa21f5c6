// The channel runtime's host on the CLR, for the host tests: pages from native memory, a monitor for the heap's lock,
// one condition (a monitor and PulseAll) for every endpoint signal, a semaphore per thread to park it, and a
// per-thread owner.
using System.Runtime.InteropServices;
using Helios.Channels;

namespace Helios.Tests.Channels;

internal sealed unsafe class ClrChannelHost : ChannelHost
{
    private readonly object _lock = new();
    private readonly object _gate = new();
    private readonly Dictionary<ulong, ulong> _pages = new();
    [ThreadStatic] private static ExOwner t_owner;

    public ExchangeHeap Heap { get; }

    public ClrChannelHost()
    {
        Heap = new ExchangeHeap(this);
    }

    /// <summary>Installs a fresh heap over a fresh host as ExchangeHeap.Current (tests using it run one at a time).</summary>
    public static ClrChannelHost Install()
    {
        var host = new ClrChannelHost();
        ExchangeHeap.Install(host.Heap);
        t_owner = null;
        return host;
    }

    /// <summary>
    /// A host whose pages all come from [arena, +bytes) of native memory (a kernel's memory, which another host kernel
    /// reads as that kernel's MemoryWindow: LinkTests' one-copy links), installed as ExchangeHeap.Current.
    /// </summary>
    public static ClrChannelHost Install(ulong arena, ulong bytes)
    {
        ClrChannelHost host = Install();
        host._arena = arena;
        host._arenaPages = new bool[bytes / 4096];
        return host;
    }

    private ulong _arena;
    private bool[] _arenaPages;             // which of the arena's pages are taken

    // First fit, aligned as asked: the arena is a test's few megabytes.
    private ulong AllocateFromArena(ulong count, ulong alignPages)
    {
        lock (_arenaPages)
        {
            for (ulong first = 0; first + count <= (ulong)_arenaPages.Length; first += alignPages == 0 ? 1 : alignPages)
            {
                ulong taken = 0;
                while (taken < count && !_arenaPages[first + taken]) taken++;
                if (taken < count) continue;
                for (ulong i = 0; i < count; i++) _arenaPages[first + i] = true;
                new Span<byte>((void*)(_arena + first * 4096), (int)(count * 4096)).Clear();
                return _arena + first * 4096;
            }
            return 0;
        }
    }

    private void FreeToArena(ulong address, ulong count)
    {
        lock (_arenaPages)
            for (ulong i = 0, first = (address - _arena) / 4096; i < count; i++) _arenaPages[first + i] = false;
    }

    public long PagesOutstanding { get; private set; }

    /// <summary>The owner for what this thread allocates and sends (default: the kernel).</summary>
    public static ExOwner ThreadOwner { get => t_owner; set => t_owner = value; }

    public override ulong AllocatePages(ulong count, ulong alignPages)
    {
        void* p = _arenaPages is not null ? (void*)AllocateFromArena(count, alignPages) : NativeMemory.AlignedAlloc((nuint)(count * 4096), (nuint)(alignPages * 4096));
        if (p == null) return 0;
        PagesOutstanding += (long)count;
        return (ulong)p;
    }

    public override void FreePages(ulong address, ulong count)
    {
        if (_arenaPages is not null) FreeToArena(address, count);
        else NativeMemory.AlignedFree((void*)address);
        PagesOutstanding -= (long)count;
    }

    public override nuint Lock()
    {
        Monitor.Enter(_lock);
        return 0;
    }

    public override void Unlock(nuint state) => Monitor.Exit(_lock);

    public override ExOwner CurrentOwner => t_owner ?? Heap.KernelOwner;

    public override object CreateSignal(Endpoint endpoint) => endpoint;

    public override void Signal(object signal)
    {
        lock (_gate) Monitor.PulseAll(_gate);
    }

    [ThreadStatic] private static Parking t_parking;

    public override Parking CurrentParking => t_parking ??= new Parking(new SemaphoreSlim(0));

    public override void Block() => ((SemaphoreSlim)CurrentParking.Thread).Wait();

    public override void Wake(Parking parked) => ((SemaphoreSlim)parked.Thread).Release();

    public override object CreateWaitList(object[] signals, int count) => signals.AsSpan(0, count).ToArray();

    public override int WaitAny(object waitList, long timeoutNanoseconds)
    {
        var endpoints = (object[])waitList;
        var deadline = timeoutNanoseconds < 0 ? DateTime.MaxValue : DateTime.UtcNow.AddTicks(timeoutNanoseconds / 100);
        lock (_gate)
        {
            while (true)
            {
                for (int i = 0; i < endpoints.Length; i++)
                    if (((Endpoint)endpoints[i]).IsReady) return i;
                TimeSpan left = deadline == DateTime.MaxValue ? Timeout.InfiniteTimeSpan : deadline - DateTime.UtcNow;
                if (left != Timeout.InfiniteTimeSpan && left <= TimeSpan.Zero) return -1;
                Monitor.Wait(_gate, left == Timeout.InfiniteTimeSpan ? 100 : (int)Math.Min(left.TotalMilliseconds + 1, 100));
            }
        }
    }
}
