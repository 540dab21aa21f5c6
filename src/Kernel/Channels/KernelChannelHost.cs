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

        public override nuint Lock()
        {
            nuint state = Processor.DisableInterrupts();
            if (!_lock.TryAcquire()) WaitForLock();
            _holder = Cpu.Current.CurrentThread;
            return state;
        }

        public override void Unlock(nuint state)
        {
            _holder = null;
            _lock.ReleaseIrqRestore(state);
        }

        // Who holds the lock: null while it is free, and while it is being taken or let go.
        private Thread _holder;

        // Contended: spin, unless the holder is switched out on this very CPU. With interrupts masked here it can never
        // run again to let the lock go: a thread blocked while holding the heap's lock. That is a deadlock, and it is
        // said as one, naming both threads, instead of a CPU spinning silently (as a link's thread once did, blocking on
        // the contract registry's lock inside its Poll).
        private void WaitForLock()
        {
            Cpu cpu = Cpu.Current;
            Thread me = cpu.CurrentThread;
            for (uint spins = 1; !_lock.TryAcquire(); spins++)
            {
                Processor.Relax();
                if ((spins & 0xFFFF) != 0) continue;
                Thread holder = _holder;
                if (holder is null || holder.Cpu != cpu || !_lock.IsHeld || _holder != holder) continue;
                Panic.Halt(holder == me
                    ? "deadlock: " + me.Name + " takes the exchange heap's lock, which it already holds"
                    : "deadlock: " + me.Name + " waits for the exchange heap's lock, held by " + holder.Name + ", which blocked while holding it");
            }
        }

        public override ExOwner CurrentOwner => Thread.Current.ChannelOwner ?? Heap.KernelOwner;

        public override object CreateSignal(Endpoint endpoint) => new EndpointSignal(endpoint);

        public override void Signal(object signal) => ((EndpointSignal)signal).Raise();

        public override Parking CurrentParking
        {
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
