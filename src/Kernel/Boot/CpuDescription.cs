// A processor named by the boot information: its hardware id (x86_64: local APIC id; arm64: MPIDR affinity fields)
// and the NUMA domain it belongs to (0 when the machine has one).
namespace Helios.Kernel.Boot
{
    public readonly struct CpuDescription
    {
        public CpuDescription(ulong hardwareId, int domain)
        {
            HardwareId = hardwareId;
            Domain = domain;
        }

        public ulong HardwareId { get; }

        public int Domain { get; }
    }
}
