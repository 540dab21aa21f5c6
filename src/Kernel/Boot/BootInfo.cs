// What the kernel learns at boot, whatever the ISA and boot protocol: filled in by the platform (Arch/*) from PVH
// and ACPI on x86_64 or the device tree on arm64.
using System.Collections.Generic;

namespace Helios.Kernel.Boot
{
    public sealed class BootInfo
    {
        public BootInfo(string protocol, string commandLine, List<MemoryRegion> memory, List<CpuDescription> cpus,
            List<MemoryAffinity> affinity = null, List<ReservedRange> reserved = null)
        {
            Protocol = protocol;
            CommandLine = commandLine ?? "";
            Memory = memory;
            Cpus = cpus;
            Affinity = affinity ?? new List<MemoryAffinity>();
            Reserved = reserved ?? new List<ReservedRange>();
        }

        /// <summary>How the kernel was booted, e.g. "PVH" or "device tree".</summary>
        public string Protocol { get; }

        public string CommandLine { get; }

        /// <summary>The memory map, sorted by address.</summary>
        public List<MemoryRegion> Memory { get; }

        /// <summary>The enabled processors, in the order the firmware lists them.</summary>
        public List<CpuDescription> Cpus { get; }

        public int CpuCount => Cpus.Count;

        /// <summary>NUMA domains of memory ranges; empty on a machine without NUMA information.</summary>
        public List<MemoryAffinity> Affinity { get; }

        /// <summary>Boot structures in memory the kernel still needs: not to be handed out.</summary>
        public List<ReservedRange> Reserved { get; }

        /// <summary>The PCI host bridges the firmware describes (MCFG, the device tree); none in a satellite's grant.</summary>
        public List<PciHostBridge> PciHosts { get; } = new List<PciHostBridge>();

        /// <summary>How many NUMA domains the processors and memory name (at least 1).</summary>
        public int DomainCount
        {
            get
            {
                int highest = 0;
                foreach (CpuDescription cpu in Cpus)
                    if (cpu.Domain > highest) highest = cpu.Domain;
                foreach (MemoryAffinity range in Affinity)
                    if (range.Domain > highest) highest = range.Domain;
                return highest + 1;
            }
        }

        /// <summary>The NUMA domain of a physical address (0 when no affinity names it).</summary>
        public int DomainOf(ulong address)
        {
            foreach (MemoryAffinity range in Affinity)
                if (address >= range.Start && address - range.Start < range.Length) return range.Domain;
            return 0;
        }

        public ulong UsableBytes
        {
            get
            {
                ulong total = 0;
                foreach (MemoryRegion region in Memory)
                    if (region.Kind == MemoryKind.Usable) total += region.Length;
                return total;
            }
        }
    }
}
