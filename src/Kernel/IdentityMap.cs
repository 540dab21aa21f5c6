// The physical memory each ISA's Boot.S identity-maps as ordinary memory: on x86_64 the first 4 GiB (2 MiB pages); on
// arm64 1 GiB up to 256 GiB as Normal memory (below 1 GiB is Device memory, where the parsers' unaligned reads would
// fault, and nothing is mapped from 512 GiB up). Boot parsers may read only here, and the heap may only grow here.
// (This belongs to the Platform seam; it lives here while Arch/ is being changed by the exceptions work.)
using System.Diagnostics.CodeAnalysis;

namespace Helios.Kernel
{
    internal static class IdentityMap
    {
        [FeatureSwitchDefinition("Helios.Isa.X64")]
        private static bool IsX64 => true;

        internal static ulong Start => IsX64 ? 0 : 1UL << 30;

        internal static ulong End => IsX64 ? 4UL << 30 : 256UL << 30;
    }
}
