// A range of physical addresses the firmware assigns to a NUMA domain (an SRAT memory affinity entry, or a device
// tree memory node's numa-node-id). It says where memory would be, not that there is memory: only the memory map
// says what is usable.
namespace Helios.Satellite.Topology
{
    public readonly struct DomainRange
    {
        public DomainRange(ulong start, ulong length, int domain)
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
