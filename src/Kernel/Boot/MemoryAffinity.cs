// Which NUMA domain a range of physical memory belongs to (ACPI SRAT on x86_64, numa-node-id in the device tree on
// arm64). Memory no affinity names is in domain 0.
namespace Helios.Kernel.Boot
{
    public readonly struct MemoryAffinity
    {
        public MemoryAffinity(ulong start, ulong length, int domain)
        {
            Start = start;
            Length = length;
            Domain = domain;
        }

        public ulong Start { get; }

        public ulong Length { get; }

        public ulong End => Start + Length;

        public int Domain { get; }
    }
}
