// The kernel hosts the runtime of its own image: the runtime's RuntimeHost imports bind to these at link time.
using System.Runtime;

namespace Helios.Kernel.Diagnostics
{
    internal static unsafe class RuntimeHostExports
    {
        [RuntimeExport("helios_host_fail_fast")]
        private static void FailFast(char* message, int length)
            => Panic.Halt("fail fast: " + (length > 0 ? new string(message, 0, length) : "(no message)"));

        [RuntimeExport("helios_host_unhandled_exception")]
        private static void UnhandledException(object exception) => Panic.UnhandledException(exception);

        // The kernel gives the heap all it will get at boot (KernelMain); the memory manager (issue 4) grows it.
        [RuntimeExport("helios_host_grow_heap")]
        private static void* GrowHeap(nuint minimumSize, nuint* size)
        {
            *size = 0;
            return null;
        }
    }
}
