// What channels need from whoever runs them: pages for the exchange heap, the one lock that guards it and every
// endpoint, who the running code is (its owner), and ways to sleep until an endpoint changes: a receiver alone on an
// endpoint parks its thread (CurrentParking, Block, Wake: the fast path of every receive), anything else waits on the
// endpoints' signals (WaitAny). The kernel
// implements it for kernel threads (src/Kernel/Channels/KernelChannelHost.cs); a process's ABI shim will implement
// it over kernel calls; the host tests implement it on the CLR. Virtual calls only: no generic virtual methods.
namespace Helios.Channels
{
    public abstract class ChannelHost
    {
        /// <summary>count contiguous pages of PageSize bytes aligned to alignPages pages, or 0 when memory is exhausted.</summary>
        public abstract ulong AllocatePages(ulong count, ulong alignPages);

        public abstract void FreePages(ulong address, ulong count);

        /// <summary>Takes the exchange heap's lock (the kernel also masks interrupts); returns what Unlock restores.</summary>
        public abstract nuint Lock();

        public abstract void Unlock(nuint state);

        /// <summary>The owner charged for what the running code allocates, and who must own what it sends.</summary>
        public abstract ExOwner CurrentOwner { get; }

        /// <summary>Makes the object a waiter sleeps on for endpoint (an endpoint's signal: level-triggered).</summary>
        public abstract object CreateSignal(Endpoint endpoint);

        /// <summary>
        /// Wakes whoever waits on the endpoint's signal. Called with the heap's lock held, after the endpoint changed;
        /// must be cheap when nobody waits on it, and must not miss a waiter that checked the endpoint concurrently.
        /// </summary>
        public abstract void Signal(object signal);

        /// <summary>The running thread's parking record (one per thread, made on first use; Parking.Thread names it).</summary>
        public abstract Parking CurrentParking { get; }

        /// <summary>
        /// Sleeps until Wake names the running thread; returns at once if Wake came first. May return without a Wake:
        /// callers check again under the lock.
        /// </summary>
        public abstract void Block();

        /// <summary>Ends a Block of the parked thread (or its next one); called with the heap's lock held.</summary>
        public abstract void Wake(Parking parked);

        /// <summary>Makes what WaitAny needs to wait on these signals at once (built once per Select).</summary>
        public abstract object CreateWaitList(object[] signals, int count);

        /// <summary>
        /// Sleeps until one of the list's endpoints is ready (Endpoint.IsReady: a message queued, or closed) or the
        /// timeout passes (nanoseconds; -1 forever). Returns the index of a ready one, or -1 on timeout.
        /// </summary>
        public abstract int WaitAny(object waitList, long timeoutNanoseconds);
    }
}
