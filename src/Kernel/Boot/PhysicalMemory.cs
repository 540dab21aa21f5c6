// How boot-information parsers read physical memory: through this interface, so the same parser runs in the kernel
// (identity-mapped memory) and on the host (memory captured from a real boot, tests/Data).
using System;

namespace Helios.Kernel.Boot
{
    public interface IPhysicalMemory
    {
        /// <summary>The bytes at [address, address+length), or an empty span if that memory cannot be read.</summary>
        ReadOnlySpan<byte> Read(ulong address, int length);
    }

    /// <summary>Thrown by parsers for boot information that is malformed or missing.</summary>
    public sealed class BootInfoException : Exception
    {
        public BootInfoException(string message) : base(message) { }
    }
}
