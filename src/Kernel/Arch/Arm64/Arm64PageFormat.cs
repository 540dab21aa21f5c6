// arm64 VMSAv8-64 descriptors for a 4 KiB granule (Arm ARM D8.3): table descriptors, level-2 blocks and level-3
// pages, with the memory attribute index set up in MAIR_EL1 by Boot.S (0: Device-nGnRnE, 1: Normal write-back);
// read-only memory is Normal with AP[2] set (read-only at EL1, no access at EL0) and never executed.
using Helios.Kernel.Memory;

namespace Helios.Kernel.Arch.Arm64
{
    public sealed class Arm64PageFormat : PageFormat
    {
        private const ulong Valid = 1UL << 0;
        private const ulong TableOrPage = 1UL << 1;     // table at levels 0-2, page at level 3 (0 there: invalid)
        private const ulong AttrDevice = 0UL << 2;
        private const ulong AttrNormal = 1UL << 2;
        private const ulong AttrMask = 7UL << 2;
        private const ulong InnerShareable = 3UL << 8;
        private const ulong ReadOnlyAccess = 1UL << 7;    // AP[2]: read-only
        private const ulong AccessFlag = 1UL << 10;
        private const ulong PrivilegedExecuteNever = 1UL << 53;
        private const ulong UnprivilegedExecuteNever = 1UL << 54;
        private const ulong AddressMask = 0x0000_FFFF_FFFF_F000;

        public override ulong Table(ulong tableAddress) => tableAddress | Valid | TableOrPage;

        public override ulong Leaf(ulong physical, int level, MapKind kind)
        {
            ulong entry = physical | Valid | AccessFlag | (level == 3 ? TableOrPage : 0);
            return kind switch
            {
                MapKind.Device => entry | AttrDevice | PrivilegedExecuteNever | UnprivilegedExecuteNever,
                MapKind.ReadOnly => entry | AttrNormal | InnerShareable | ReadOnlyAccess | PrivilegedExecuteNever | UnprivilegedExecuteNever,
                _ => entry | AttrNormal | InnerShareable,
            };
        }

        public override bool IsValid(ulong entry) => (entry & Valid) != 0;

        public override bool IsTable(ulong entry, int level) => level < 3 && (entry & TableOrPage) != 0;

        public override ulong AddressOf(ulong entry) => entry & AddressMask;

        public override MapKind KindOf(ulong entry)
            => (entry & AttrMask) == AttrDevice ? MapKind.Device : (entry & ReadOnlyAccess) != 0 ? MapKind.ReadOnly : MapKind.Memory;
    }
}
