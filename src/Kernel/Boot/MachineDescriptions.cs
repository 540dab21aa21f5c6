// The machine as the topology planner (src/Satellite) needs it, from the firmware's boot information: every CPU with
// its domain, the usable memory, the domains' memory ranges, and what must never be granted to a kernel.
using Helios.Satellite.Topology;

namespace Helios.Kernel.Boot
{
    public static class MachineDescriptions
    {
        public static MachineDescription From(BootInfo boot, ulong bootCpu)
        {
            var machine = new MachineDescription { BootCpu = bootCpu };
            foreach (CpuDescription cpu in boot.Cpus) machine.Cpus.Add(new ProcessorEntry(cpu.HardwareId, cpu.Domain));
            foreach (MemoryRegion region in boot.Memory)
                if (region.Kind == MemoryKind.Usable) machine.Usable.Add(new PhysicalRange(region.Start, region.Length));
            foreach (MemoryAffinity range in boot.Affinity) machine.Affinity.Add(new DomainRange(range.Start, range.Length, range.Domain));
            foreach (ReservedRange range in boot.Reserved) machine.Reserved.Add(new PhysicalRange(range.Start, range.Length));
            return machine;
        }
    }
}
