// The boot information as the topology planner's input (src/Satellite): the coordinator plans its satellites from
// what the firmware told it (MADT and SRAT on x86_64, the device tree's numa-node-id on arm64), the host tests from
// boot captures of the same firmware.
using System.Collections.Generic;
using Helios.Satellite.Topology;

namespace Helios.Kernel.Boot
{
    public static class MachineDescriptions
    {
        /// <summary>
        /// The machine bootInfo describes, seen from the CPU whose hardware id is bootCpu. Usable is the memory map's
        /// usable RAM only; Reserved is bootInfo.Reserved (firmware tables, the device tree, and the boot bundle once
        /// the kernel has located it). The caller adds what it alone knows, such as its own image and early heap.
        /// </summary>
        public static MachineDescription From(BootInfo bootInfo, ulong bootCpu)
        {
            var machine = new MachineDescription { BootCpu = bootCpu };
            foreach (CpuDescription cpu in bootInfo.Cpus)
                machine.Cpus.Add(new ProcessorEntry(cpu.HardwareId, cpu.Domain));
            foreach (MemoryRegion region in bootInfo.Memory)
                if (region.Kind == MemoryKind.Usable && region.Length != 0) machine.Usable.Add(new PhysicalRange(region.Start, region.Length));
            foreach (MemoryAffinity range in bootInfo.Affinity)
                machine.Affinity.Add(new DomainRange(range.Start, range.Length, range.Domain));
            foreach (ReservedRange range in bootInfo.Reserved)
                if (range.Length != 0) machine.Reserved.Add(new PhysicalRange(range.Start, range.Length));
            return machine;
        }
    }
}
