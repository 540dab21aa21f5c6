// The channel runtime's host for kernel threads: exchange-heap chunks from Frames (in the running CPU's NUMA domain),
// an interrupt-masking spin lock, the running thread's owner (Thread.ChannelOwner, else the kernel), and endpoint
// signals that are wait objects, so that a thread waits on several endpoints (a select) through WaitDispatcher, and
// parking for a receiver alone on its endpoint (Scheduler.Block and Wake, no wait object at all).
// Lock order: the heap's lock, then the wait dispatcher's or a CPU's (signals are raised and parked threads woken with
// the heap's lock held; a signal's CanAcquire reads the endpoint without taking the heap's lock).
using System;
using Helios.Channels;
using Helios.Kernel.Arch;
using Helios.Kernel.Cpus;
using Helios.Kernel.Diagnostics;
using Helios.Kernel.Memory;
using Helios.Kernel.Threading;
using Helios.Kernel.Time;

namespace Helios.Kernel.Channels
{
    public sealed class KernelChannelHost : ChannelHost
    {
        private SpinLock _lock;

        private KernelChannelHost() { }

        public ExchangeHeap Heap { get; private set; }

        /// <summary>Creates this kernel's exchange heap and installs it for every channel (at boot, before any thread).</summary>
        internal static void Initialize()
        {
            var host = new KernelChannelHost();
            host.Heap = new ExchangeHeap(host);
            ExchangeHeap.Install(host.Heap);
        }

        public override ulong AllocatePages(ulong count, ulong alignPages) => Frames.Allocate(count, Cpu.Current.Domain, alignPages);

        public override void FreePages(ulong address, ulong count) => Frames.Free(address, count);

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // every send, receive and doorbell
        public override nuint Lock()
        {
            nuint state = Processor.DisableInterrupts();
            if (!_lock.TryAcquire()) WaitForLock();
            return state;
        }

        public override void Unlock(nuint state) => _lock.ReleaseIrqRestore(state);

        private static bool s_clockRuns;

        /// <summary>The clock runs: from now on a wait for the lock has a deadline.</summary>
        internal static void ClockRuns() => s_clockRuns = true;

        // Contended. The lock is held for microseconds, interrupts masked, so 10 s of waiting means its holder can never
        // let it go: it blocked while holding it (switched out on this CPU, which cannot switch it back in with
        // interrupts masked here), or this thread took it twice. That is a deadlock, and it is said as one instead of a
        // CPU spinning silently, as one did when a link's thread blocked on the contract registry's lock inside Poll.
        // Only this slow path looks at the clock: the lock itself costs what it did.
        private void WaitForLock()
        {
            if (!s_clockRuns)
            {
                _lock.Acquire();
                return;
            }
            ulong deadline = Clock.Now + 10_000_000_000UL;
            for (uint spins = 1; !_lock.TryAcquire(); spins++)
            {
                Processor.Relax();
                if ((spins & 0xFFFF) == 0 && Clock.Now > deadline)
                    Panic.Halt("deadlock: " + Cpu.Current.CurrentThread.Name + " has waited 10 s for the exchange heap's lock with interrupts masked: "
                        + "its holder blocked while holding it, or this thread took it twice");
            }
        }

        public override ExOwner CurrentOwner
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // every send and receive asks
            get => Thread.Current.ChannelOwner ?? Heap.KernelOwner;
        }

        public override object CreateSignal(Endpoint endpoint) => new EndpointSignal(endpoint);

        public override void Signal(object signal) => ((EndpointSignal)signal).Raise();

        public override Parking CurrentParking
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]     // every receive that sleeps
            get
            {
                Thread thread = Thread.Current;
                return thread.ChannelParking ??= new Parking(thread);
            }
        }

        public override void Block() => Scheduler.Block();

        public override void Wake(Parking parked) => Scheduler.Wake((Thread)parked.Thread);

        public override object CreateWaitList(object[] signals, int count)
        {
            var list = new WaitObject[count];
            for (int i = 0; i < count; i++) list[i] = (WaitObject)signals[i];
            return list;
        }

        public override int WaitAny(object waitList, long timeoutNanoseconds)
            => WaitDispatcher.WaitAny((WaitObject[])waitList, timeoutNanoseconds);
    }

    /// <summary>An endpoint as a wait object: acquirable while a message is queued or the channel is closed.</summary>
    internal sealed class EndpointSignal : WaitObject
    {
        private readonly Endpoint _endpoint;

        public EndpointSignal(Endpoint endpoint)
        {
            _endpoint = endpoint;
        }

        // Most raises find nobody waiting: the check needs no lock. The endpoint changed before the fence, and a waiter
        // links itself before its fence and then checks the endpoint (WaitDispatcher.Wait), so one of the two sees
        // the other.
        public void Raise()
        {
            System.Threading.Interlocked.MemoryBarrier();
            if (FirstWaiter is null) return;          // a plain read: the fence orders it
            nuint state = WaitDispatcher.Lock();
            WaitDispatcher.WakeWaiters(this);
            WaitDispatcher.Unlock(state);
        }

        internal override bool CanAcquire(Thread waiter) => _endpoint.IsReady;

        internal override void Acquire(Thread waiter) { }
    }
}
