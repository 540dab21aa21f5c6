// A range of physical memory a satellite must not use although it may lie inside or beside its grant, with what
// lives there (the kinds below; other values are carried as they are, for later versions to name).
namespace Helios.Satellite.Boot
{
    public readonly struct ReservedEntry
    {
        public const uint Firmware = 1;        // ACPI tables, the device tree, what the firmware reserved
        public const uint BootBundle = 2;      // the boot bundle (read by every kernel, owned by none)
        public const uint KernelImage = 3;     // a kernel image (the coordinator's, or another satellite's)
        public const uint MachinePageKind = 4; // the machine page shared by all kernels
        public const uint LinkAreaKind = 5;    // the inter-kernel link area
        public const uint BootData = 6;        // the satellite's boot page tables, this block and its first stack
        public const uint PeerLinkAreaBase = 0x100;   // + a satellite's id: the link area shared with that satellite
        public const uint PeerMemoryBase = 0x200;     // + a kernel's id: a range of that kernel's memory (mapped read-only)

        /// <summary>The kind of a range of kernel peer's granted memory, which this satellite maps read-only (one-copy links).</summary>
        public static uint PeerMemory(int peer) => PeerMemoryBase + (uint)peer;

        /// <summary>Whether kind names a range of another kernel's memory, and whose (0 to MachinePage.MaxKernels - 1).</summary>
        public static bool IsPeerMemory(uint kind, out int peer)
        {
            peer = (int)(kind - PeerMemoryBase);
            return kind >= PeerMemoryBase && kind < PeerMemoryBase + MachinePage.MaxKernels;
        }

        /// <summary>The kind of the link area shared with satellite peer.</summary>
        public static uint PeerLinkArea(int peer) => PeerLinkAreaBase + (uint)peer;

        /// <summary>Whether kind names the link area shared with another satellite, and which (1 to MachinePage.MaxKernels - 1).</summary>
        public static bool IsPeerLinkArea(uint kind, out int peer)
        {
            peer = (int)(kind - PeerLinkAreaBase);
            return kind > PeerLinkAreaBase && kind < PeerLinkAreaBase + MachinePage.MaxKernels;
        }

        public ReservedEntry(ulong start, ulong length, uint kind)
        {
            Start = start;
            Length = length;
            Kind = kind;
        }

        public ulong Start { get; }

        public ulong Length { get; }

        public ulong End => Start + Length;

        public uint Kind { get; }
    }
}
