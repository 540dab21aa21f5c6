// Physical memory as the kernel sees it at boot: identity-mapped by the boot page tables.
using System;

namespace Helios.Kernel.Boot
{
    public sealed unsafe class IdentityMappedMemory : IPhysicalMemory
    {
        public static readonly IdentityMappedMemory Instance = new IdentityMappedMemory();

        public ReadOnlySpan<byte> Read(ulong address, int length)
            => address == 0 ? ReadOnlySpan<byte>.Empty : new ReadOnlySpan<byte>((void*)address, length);
    }
}
