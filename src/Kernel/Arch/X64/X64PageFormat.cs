// x86_64 4-level paging entries (Intel SDM vol. 3, 4.5): present, writable, page size (2 MiB at the directory
// level), and cache-disable plus write-through for device memory; read-only memory lacks the writable bit (CR0.WP is
// set at boot, so the kernel's own writes fault there too). No execute-disable bit (EFER.NXE is not enabled). No 1 GiB
// pages: the CPU model need not have them.
using Helios.Kernel.Memory;

namespace Helios.Kernel.Arch.X64
{
    public sealed class X64PageFormat : PageFormat
    {
        private const ulong Present = 1UL << 0;
        private const ulong Writable = 1UL << 1;
        private const ulong WriteThrough = 1UL << 3;
        private const ulong CacheDisable = 1UL << 4;
        private const ulong PageSize = 1UL << 7;
        private const ulong AddressMask = 0x000F_FFFF_FFFF_F000;

        public override ulong Table(ulong tableAddress) => tableAddress | Present | Writable;

        public override ulong Leaf(ulong physical, int level, MapKind kind)
        {
            ulong entry = physical | Present;
            if (kind != MapKind.ReadOnly) entry |= Writable;
            if (level == 2) entry |= PageSize;
            if (kind == MapKind.Device) entry |= CacheDisable | WriteThrough;
            return entry;
        }

        public override bool IsValid(ulong entry) => (entry & Present) != 0;

        public override bool IsTable(ulong entry, int level) => level < 2 || (entry & PageSize) == 0;

        public override ulong AddressOf(ulong entry) => entry & AddressMask;

        public override MapKind KindOf(ulong entry)
            => (entry & CacheDisable) != 0 ? MapKind.Device : (entry & Writable) == 0 ? MapKind.ReadOnly : MapKind.Memory;
    }
}
