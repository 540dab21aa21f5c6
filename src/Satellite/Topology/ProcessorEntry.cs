// A processor the planner places: its hardware id (x86_64: local APIC id; arm64: MPIDR affinity fields) and the
// dense NUMA domain index the firmware tables give it (0 on a machine with one domain).
namespace Helios.Satellite.Topology
{
    public readonly struct ProcessorEntry
    {
        public ProcessorEntry(ulong hardwareId, int domain)
        {
            HardwareId = hardwareId;
            Domain = domain;
        }

        public ulong HardwareId { get; }

        public int Domain { get; }
    }
}
