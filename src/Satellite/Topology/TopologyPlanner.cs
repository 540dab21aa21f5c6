// Plans one kernel per NUMA domain (issue 12, docs/multikernel.md): the coordinator (k0) in the boot CPU's domain,
// then a satellite for every other domain with CPUs and enough memory, in increasing domain order. A kernel is
// granted usable memory of its domain minus what is reserved, in whole pages; whatever no satellite gets (memory no
// domain claims, domains without CPUs, domains too small to run a kernel) stays with the coordinator, so no usable
// page and no CPU is left without an owner.
using System.Collections.Generic;

namespace Helios.Satellite.Topology
{
    public static class TopologyPlanner
    {
        /// <summary>Plans the kernels of a machine. A satellite needs at least minimumSatelliteBytes (and at least
        /// one page) of grantable memory in its domain; a smaller domain's CPUs join the coordinator.</summary>
        public static TopologyPlan Plan(MachineDescription machine, ulong minimumSatelliteBytes)
        {
            if (machine == null) throw new TopologyException("no machine description");
            int bootDomain = CheckCpus(machine);

            List<PhysicalRange> usable = PhysicalRanges.Normalize(machine.Usable, "usable memory", true);
            List<PhysicalRange> reserved = PhysicalRanges.Normalize(machine.Reserved, "reserved memory", false);
            List<PhysicalRange> grantable = PhysicalRanges.Subtract(usable, reserved);
            List<DomainRange> pieces = SplitByDomain(grantable, NormalizeAffinity(machine.Affinity));

            var plan = new TopologyPlan();
            var coordinator = new KernelGrant { KernelId = 0, Domain = bootDomain };
            plan.Kernels.Add(coordinator);
            var satelliteDomains = new List<int>();
            ulong minimum = minimumSatelliteBytes > PhysicalRanges.PageSize ? minimumSatelliteBytes : PhysicalRanges.PageSize;
            foreach (int domain in Domains(machine, pieces))
            {
                if (domain == bootDomain) continue;
                List<ulong> cpus = CpusOf(machine, domain);
                List<PhysicalRange> memory = MemoryOf(pieces, domain);
                ulong bytes = PhysicalRanges.TotalBytes(memory);
                string name = "domain " + domain.ToString();
                if (cpus.Count == 0)
                {
                    plan.Notes.Add(bytes == 0
                        ? name + " has no CPUs and no grantable memory: ignored"
                        : name + " has " + PhysicalRanges.Size(bytes) + " of memory but no CPUs: its memory joins k0");
                    continue;
                }
                if (bytes < minimum)
                {
                    plan.Notes.Add(name + " has " + CpuList(cpus) + " but " + (bytes == 0 ? "no grantable memory"
                        : "only " + PhysicalRanges.Size(bytes) + " of grantable memory, below the satellite minimum of "
                        + PhysicalRanges.Size(minimum)) + ": its CPUs join k0");
                    continue;
                }
                satelliteDomains.Add(domain);
                plan.Kernels.Add(new KernelGrant { KernelId = plan.Kernels.Count, Domain = domain, Cpus = cpus, Memory = memory });
            }

            // The coordinator: its boot CPU first (it is already running there), then everything no satellite took.
            coordinator.Cpus.Add(machine.BootCpu);
            foreach (ulong cpu in SortedCpus(machine))
                if (cpu != machine.BootCpu && !satelliteDomains.Contains(DomainOf(machine, cpu))) coordinator.Cpus.Add(cpu);
            var rest = new List<PhysicalRange>();
            foreach (DomainRange piece in pieces)
                if (!satelliteDomains.Contains(piece.Domain)) rest.Add(new PhysicalRange(piece.Start, piece.Length));
            coordinator.Memory = PhysicalRanges.MergeAndAlignInward(rest);
            if (coordinator.Memory.Count == 0)
                throw new TopologyException("the coordinator (domain " + bootDomain.ToString()
                    + ", boot CPU " + PhysicalRanges.Hex(machine.BootCpu) + ") would have no memory: every grantable page is in a satellite's domain");
            return plan;
        }

        // Checks the processor list and returns the boot CPU's domain.
        private static int CheckCpus(MachineDescription machine)
        {
            if (machine.Cpus == null || machine.Cpus.Count == 0) throw new TopologyException("the machine description names no CPUs");
            var seen = new List<ulong>(machine.Cpus.Count);
            int bootDomain = -1;
            foreach (ProcessorEntry cpu in machine.Cpus)
            {
                if (seen.Contains(cpu.HardwareId)) throw new TopologyException("CPU " + PhysicalRanges.Hex(cpu.HardwareId) + " is listed twice");
                if (cpu.Domain < 0)
                    throw new TopologyException("CPU " + PhysicalRanges.Hex(cpu.HardwareId) + " has a negative domain (" + cpu.Domain.ToString() + ")");
                seen.Add(cpu.HardwareId);
                if (cpu.HardwareId == machine.BootCpu) bootDomain = cpu.Domain;
            }
            if (bootDomain < 0)
                throw new TopologyException("the boot CPU " + PhysicalRanges.Hex(machine.BootCpu) + " is not among the machine's CPUs ("
                    + CpuList(SortedCpus(machine)) + ")");
            return bootDomain;
        }

        // Sorted, disjoint affinity ranges; a range may repeat its own domain but never claim another's addresses.
        private static List<DomainRange> NormalizeAffinity(List<DomainRange> affinity)
        {
            if (affinity == null) throw new TopologyException("affinity: the list is missing");
            var sorted = new List<DomainRange>(affinity.Count);
            foreach (DomainRange range in affinity)
            {
                PhysicalRanges.CheckEnd(range.Start, range.Length, "affinity");
                if (range.Domain < 0)
                    throw new TopologyException("affinity: range " + PhysicalRanges.Describe(range.Start, range.End)
                        + " has a negative domain (" + range.Domain.ToString() + ")");
                if (range.Length != 0) sorted.Add(range);
            }
            sorted.Sort((a, b) => a.Start.CompareTo(b.Start));
            var merged = new List<DomainRange>(sorted.Count);
            foreach (DomainRange range in sorted)
            {
                if (merged.Count > 0)
                {
                    DomainRange last = merged[merged.Count - 1];
                    if (range.Start < last.End && range.Domain != last.Domain)
                        throw new TopologyException("affinity: " + PhysicalRanges.Describe(last.Start, last.End) + " of domain "
                            + last.Domain.ToString() + " and " + PhysicalRanges.Describe(range.Start, range.End) + " of domain "
                            + range.Domain.ToString() + " overlap");
                    if (range.Start <= last.End && range.Domain == last.Domain)
                    {
                        ulong end = range.End > last.End ? range.End : last.End;
                        merged[merged.Count - 1] = new DomainRange(last.Start, end - last.Start, last.Domain);
                        continue;
                    }
                }
                merged.Add(range);
            }
            return merged;
        }

        // Cuts the grantable memory at domain boundaries; what no affinity range names is domain 0.
        private static List<DomainRange> SplitByDomain(List<PhysicalRange> grantable, List<DomainRange> affinity)
        {
            var pieces = new List<DomainRange>(grantable.Count + affinity.Count);
            int j = 0;
            foreach (PhysicalRange range in grantable)
            {
                ulong cursor = range.Start;
                while (cursor < range.End)
                {
                    while (j < affinity.Count && affinity[j].End <= cursor) j++;
                    ulong end;
                    int domain;
                    if (j < affinity.Count && affinity[j].Start <= cursor)
                    {
                        end = affinity[j].End < range.End ? affinity[j].End : range.End;
                        domain = affinity[j].Domain;
                    }
                    else
                    {
                        end = j < affinity.Count && affinity[j].Start < range.End ? affinity[j].Start : range.End;
                        domain = 0;
                    }
                    pieces.Add(new DomainRange(cursor, end - cursor, domain));
                    cursor = end;
                }
            }
            return pieces;
        }

        // Every domain the machine mentions through a CPU or grantable memory, ascending.
        private static List<int> Domains(MachineDescription machine, List<DomainRange> pieces)
        {
            var domains = new List<int>();
            foreach (ProcessorEntry cpu in machine.Cpus)
                if (!domains.Contains(cpu.Domain)) domains.Add(cpu.Domain);
            foreach (DomainRange piece in pieces)
                if (!domains.Contains(piece.Domain)) domains.Add(piece.Domain);
            domains.Sort();
            return domains;
        }

        private static List<PhysicalRange> MemoryOf(List<DomainRange> pieces, int domain)
        {
            var ranges = new List<PhysicalRange>();
            foreach (DomainRange piece in pieces)
                if (piece.Domain == domain) ranges.Add(new PhysicalRange(piece.Start, piece.Length));
            return PhysicalRanges.MergeAndAlignInward(ranges);
        }

        private static List<ulong> CpusOf(MachineDescription machine, int domain)
        {
            var cpus = new List<ulong>();
            foreach (ProcessorEntry cpu in machine.Cpus)
                if (cpu.Domain == domain) cpus.Add(cpu.HardwareId);
            cpus.Sort();
            return cpus;
        }

        private static List<ulong> SortedCpus(MachineDescription machine)
        {
            var cpus = new List<ulong>(machine.Cpus.Count);
            foreach (ProcessorEntry cpu in machine.Cpus) cpus.Add(cpu.HardwareId);
            cpus.Sort();
            return cpus;
        }

        private static int DomainOf(MachineDescription machine, ulong hardwareId)
        {
            foreach (ProcessorEntry cpu in machine.Cpus)
                if (cpu.HardwareId == hardwareId) return cpu.Domain;
            return -1;
        }

        private static string CpuList(List<ulong> cpus)
        {
            string text = cpus.Count == 1 ? "CPU " : "CPUs ";
            for (int i = 0; i < cpus.Count; i++) text += (i == 0 ? "" : ", ") + PhysicalRanges.Hex(cpus[i]);
            return text;
        }
    }
}
