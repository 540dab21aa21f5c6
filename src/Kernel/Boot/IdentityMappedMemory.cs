// Physical memory as the kernel sees it at boot: identity-mapped by the boot page tables, over [start, end). A read
// outside that range (a bad pointer in the boot information) reads nothing, so the parsers report it as malformed
// instead of faulting.
using System;

namespace Helios.Kernel.Boot
{
    public sealed unsafe class IdentityMappedMemory : IPhysicalMemory
    {
        private readonly ulong _start;
        private readonly ulong _end;

        public IdentityMappedMemory(ulong start, ulong end)
        {
            _start = start;
            _end = end;
        }

        public ReadOnlySpan<byte> Read(ulong address, int length)
        {
            if (address == 0 || length < 0 || address < _start || address > _end || (ulong)length > _end - address)
                return ReadOnlySpan<byte>.Empty;
            return new ReadOnlySpan<byte>((void*)address, length);
        }
    }
}
