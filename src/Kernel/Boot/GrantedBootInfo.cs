// What one kernel of a multikernel machine knows of the machine (docs/multikernel.md): only its grant. Every kernel,
// the coordinator included, sets up its frames, page tables and CPUs from this, so that none allocates a frame or
// schedules on a CPU outside its domain. Memory it must read but never hand out (firmware tables, the boot bundle,
// the machine page) stays in the map as usable and reserved: mapped, never allocated. One domain per kernel: its
// CPUs are all in domain 0 of its own frame allocator. Pure logic, host-tested with the planner.
using System.Collections.Generic;
using Helios.Satellite.Topology;

namespace Helios.Kernel.Boot
{
    public static class GrantedBootInfo
    {
        /// <summary>The coordinator's view: the machine's firmware regions and PCI bridges, its grant's memory and CPUs.</summary>
        public static BootInfo Restrict(BootInfo machine, KernelGrant grant)
        {
            var memory = new List<MemoryRegion>();
            foreach (MemoryRegion region in machine.Memory)
                if (region.Kind != MemoryKind.Usable) memory.Add(region);
            var shared = new List<ReservedRange>();
            foreach (ReservedRange range in machine.Reserved)
                foreach (MemoryRegion region in machine.Memory)
                    if (region.Kind == MemoryKind.Usable) AddOutside(shared, range, region.Start, region.End, grant.Memory);
            var cpus = new List<CpuDescription>();
            foreach (CpuDescription cpu in machine.Cpus)
                if (grant.Cpus.Contains(cpu.HardwareId)) cpus.Add(new CpuDescription(cpu.HardwareId, 0));
            var reserved = new List<ReservedRange>(machine.Reserved);
            BootInfo coordinator = Build(machine.Protocol, machine.CommandLine, memory, grant.Memory, shared, cpus, reserved);
            coordinator.PciHosts.AddRange(machine.PciHosts);    // the coordinator owns the devices (docs/services.md)
            return coordinator;
        }

        /// <summary>
        /// A satellite's view, from its boot block: its memory and CPUs, the shared ranges outside its memory it maps
        /// (the machine page, the boot bundle), and the ranges inside it still in use (its boot page tables and block).
        /// </summary>
        public static BootInfo ForSatellite(string commandLine, List<PhysicalRange> granted, List<ulong> cpuIds, List<ReservedRange> shared,
            List<ReservedRange> inUse)
        {
            var cpus = new List<CpuDescription>();
            foreach (ulong id in cpuIds) cpus.Add(new CpuDescription(id, 0));
            var reserved = new List<ReservedRange>(shared);
            reserved.AddRange(inUse);
            return Build("satellite boot block", commandLine, new List<MemoryRegion>(), granted, shared, cpus, reserved);
        }

        private static BootInfo Build(string protocol, string commandLine, List<MemoryRegion> memory, List<PhysicalRange> granted,
            List<ReservedRange> shared, List<CpuDescription> cpus, List<ReservedRange> reserved)
        {
            // Granted ranges that touch are one region, as the firmware would have said; a shared range stays a region of
            // its own, so that it can be told apart (it lies wholly inside a reserved range).
            foreach (PhysicalRange range in granted)
            {
                MemoryRegion last = memory.Count > 0 ? memory[memory.Count - 1] : default;
                if (memory.Count > 0 && last.Kind == MemoryKind.Usable && last.End == range.Start)
                    memory[memory.Count - 1] = new MemoryRegion(last.Start, range.End - last.Start, MemoryKind.Usable);
                else
                    memory.Add(new MemoryRegion(range.Start, range.Length, MemoryKind.Usable));
            }
            // Shared ranges are in reserved too (the machine's, or the satellite's list itself): mapped, never handed out.
            foreach (ReservedRange range in shared) memory.Add(new MemoryRegion(range.Start, range.Length, MemoryKind.Usable));
            memory.Sort((a, b) => a.Start.CompareTo(b.Start));
            return new BootInfo(protocol, commandLine, memory, cpus, null, reserved);
        }

        // The parts of range inside [start, end) and outside every granted range.
        private static void AddOutside(List<ReservedRange> into, ReservedRange range, ulong start, ulong end, List<PhysicalRange> granted)
        {
            ulong from = range.Start > start ? range.Start : start;
            ulong to = range.End < end ? range.End : end;
            if (from >= to) return;
            var pieces = new List<(ulong, ulong)> { (from, to) };
            foreach (PhysicalRange grant in granted)
            {
                var next = new List<(ulong, ulong)>();
                foreach ((ulong a, ulong b) in pieces)
                {
                    if (grant.End <= a || grant.Start >= b) { next.Add((a, b)); continue; }
                    if (grant.Start > a) next.Add((a, grant.Start));
                    if (grant.End < b) next.Add((grant.End, b));
                }
                pieces = next;
            }
            foreach ((ulong a, ulong b) in pieces)
            {
                // Whole pages: the page tables map pages, and a reserved range need not be page-aligned.
                ulong pageStart = a & ~4095UL, pageEnd = (b + 4095) & ~4095UL;
                into.Add(new ReservedRange(pageStart, pageEnd - pageStart, range.What));
            }
        }
    }
}
