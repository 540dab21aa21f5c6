// What the planner knows of the machine, in one form for both ISAs: the processors with their domains, which one
// booted, the usable memory, which domain each address range belongs to, and what must never be granted. The kernel
// fills it from its boot information (src/Kernel/Boot/MachineDescriptions.cs); tests fill it by hand.
using System.Collections.Generic;

namespace Helios.Satellite.Topology
{
    public sealed class MachineDescription
    {
        /// <summary>Every enabled processor, in any order.</summary>
        public List<ProcessorEntry> Cpus { get; set; } = new List<ProcessorEntry>();

        /// <summary>The hardware id of the processor running the coordinator.</summary>
        public ulong BootCpu { get; set; }

        /// <summary>Usable RAM from the memory map, in any order; ranges must not overlap.</summary>
        public List<PhysicalRange> Usable { get; set; } = new List<PhysicalRange>();

        /// <summary>Domain of each address range (SRAT, numa-node-id); memory no range names is in domain 0.</summary>
        public List<DomainRange> Affinity { get; set; } = new List<DomainRange>();

        /// <summary>Memory no kernel may be granted (boot bundle, firmware tables, ...), in any order, may overlap.</summary>
        public List<PhysicalRange> Reserved { get; set; } = new List<PhysicalRange>();
    }
}
