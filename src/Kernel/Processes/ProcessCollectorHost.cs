// The kernel's side of a process's collector (the runtime's CollectorHost imports): a collection in a process stops
// only that process's threads and scans only their stacks, within the process's heap limit; regions it gives back
// return to the frame allocator. A process has one thread today (its main thread), so there is nothing to stop: the
// collecting thread is the whole process.
namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessCollectorHost
    {
        internal static bool Suspend() => true;

        internal static void StopHere() { }

        internal static void Resume() { }

        // The calling thread's stack in use, from this frame up; then no more.
        internal static bool NextStack(nuint* cursor, nuint* low, nuint* high)
        {
            if (*cursor != 0) return false;
            ulong here = 0;
            *cursor = 1;
            *low = (nuint)(&here);
            *high = (nuint)Threading.Thread.Current.Stack.Top;
            return true;
        }

        internal static nuint HeapLimit() => (nuint)Process.Current.HeapLimit;

        internal static void ReleaseHeap(void* start, nuint size) => Process.Current.ReleaseHeap((ulong)start, (ulong)size);
    }
}
