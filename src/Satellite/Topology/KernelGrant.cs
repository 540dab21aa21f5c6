// What one kernel of the plan owns: its CPUs and its memory, nothing else. Every kernel, the coordinator included,
// initialises its frame allocator and CPU list from its grant.
using System.Collections.Generic;

namespace Helios.Satellite.Topology
{
    public sealed class KernelGrant
    {
        /// <summary>The kernel's index in the plan: 0 is the coordinator, satellites count up from 1.</summary>
        public int KernelId { get; set; }

        /// <summary>The NUMA domain the kernel runs in (the boot CPU's domain for the coordinator).</summary>
        public int Domain { get; set; }

        /// <summary>Hardware ids, ascending, except that the coordinator's boot CPU comes first: the first CPU is
        /// where the kernel starts.</summary>
        public List<ulong> Cpus { get; set; } = new List<ulong>();

        /// <summary>Sorted, page-aligned, disjoint and never adjacent (adjacent ranges are merged).</summary>
        public List<PhysicalRange> Memory { get; set; } = new List<PhysicalRange>();

        /// <summary>The sum of the lengths of Memory.</summary>
        public ulong MemoryBytes
        {
            get
            {
                ulong total = 0;
                foreach (PhysicalRange range in Memory) total += range.Length;
                return total;
            }
        }
    }
}
