// A range of physical memory, [Start, End): what a kernel is granted and what must not be granted.
namespace Helios.Satellite.Topology
{
    public readonly struct PhysicalRange
    {
        public PhysicalRange(ulong start, ulong length)
        {
            Start = start;
            Length = length;
        }

        public ulong Start { get; }

        public ulong Length { get; }

        public ulong End => Start + Length;
    }
}
