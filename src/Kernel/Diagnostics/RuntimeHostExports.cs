// The kernel hosts the runtime of its own image: the runtime's RuntimeHost imports bind to these at link time.
using System;
using System.Runtime;

namespace Helios.Kernel.Diagnostics
{
    internal static unsafe class RuntimeHostExports
    {
        // Allocates nothing: the runtime fails fast when its heap is exhausted.
        [RuntimeExport("helios_host_fail_fast")]
        private static void FailFast(char* message, int length)
            => Panic.FailFast(length > 0 ? new ReadOnlySpan<char>(message, length) : default);

        [RuntimeExport("helios_host_unhandled_exception")]
        private static void UnhandledException(object exception) => Panic.UnhandledException(exception);

        [RuntimeExport("helios_host_grow_heap")]
        private static void* GrowHeap(nuint minimumSize, nuint* size)
        {
            ulong start = HeapGrowth.Take(minimumSize, out ulong granted);
            *size = (nuint)granted;
            return (void*)start;
        }
    }
}
