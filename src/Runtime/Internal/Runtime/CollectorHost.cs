// What the collector needs from whoever hosts the image, beside RuntimeHost's heap growth: stopping the image's other
// threads, finding their stacks, the heap's limit, taking memory back, and a word that it is still at work. The kernel
// implements these for its own image (src/Kernel/Diagnostics/CollectorHostExports.cs); a process's host implements them for the process's threads
// only. Each image binds these symbols at link time.
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime
{
    internal static unsafe class CollectorHost
    {
        // Stops every other thread of this image until ResumeOthers, each at a point outside a critical section
        // (RuntimeHost.EnterCritical), with its registers saved on its own stack. Called in a critical section. False:
        // the host cannot stop its threads yet (early boot); the heap then grows instead of collecting.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_gc_suspend")]
        internal static extern bool SuspendOthers();

        // Called by a thread that waits for the heap while it may be in a critical section (it allocates with
        // interrupts masked, say), where SuspendOthers cannot reach it: if a suspension is under way and this thread
        // is not stopped yet, it stops here until ResumeOthers. Its callee-saved registers are on its stack already.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_gc_stop_here")]
        internal static extern void StopHere();

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_gc_resume")]
        internal static extern void ResumeOthers();

        // While suspended: the next thread's stack in use, [*low, *high) (for the calling thread: from the host's own
        // frame up, so it covers the caller's frames). *cursor is 0 for the first call and the host's own state after;
        // false when every thread has been given.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_gc_next_stack")]
        internal static extern bool NextStack(nuint* cursor, nuint* low, nuint* high);

        // The most memory the heap may hold (regions included), in bytes; 0: no limit but what GrowHeap gives.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_gc_heap_limit")]
        internal static extern nuint HeapLimit();

        // Called now and then while a collection runs (every few thousand objects marked, every region swept), with
        // the heap locked and interrupts masked: the host may show that it is alive meanwhile (a satellite kernel's
        // heartbeat, which its masked tick cannot count). Must not allocate.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_gc_progress")]
        internal static extern void Progress();

        // Gives back a region GrowHeap returned (the whole of it, as returned).
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("helios_host_release_heap")]
        internal static extern void ReleaseHeap(void* start, nuint size);
    }
}
