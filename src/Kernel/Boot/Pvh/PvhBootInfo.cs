// Boot information on x86_64: the PVH start_info gives the command line, the memory map and (maybe) the RSDP; ACPI
// gives the CPUs (MADT) and the NUMA domains (SRAT). The tables stay reserved: drivers read them later.
using System.Collections.Generic;
using Helios.Kernel.Boot.Acpi;

namespace Helios.Kernel.Boot.Pvh
{
    public static class PvhBootInfo
    {
        public static BootInfo Read(IPhysicalMemory memory, ulong startInfoAddress)
            => Read(memory, startInfoAddress, out _);

        public static BootInfo Read(IPhysicalMemory memory, ulong startInfoAddress, out AcpiTables acpi)
        {
            PvhStartInfo startInfo = PvhStartInfo.Read(memory, startInfoAddress);
            acpi = AcpiTables.Read(memory, startInfo.RsdpAddress);
            Madt madt = Madt.Parse(acpi.Find("APIC"));
            Srat srat = Srat.Parse(acpi.Find("SRAT"));

            var cpus = new List<CpuDescription>();
            foreach (LocalApic apic in madt.Processors)
                if (apic.Enabled) cpus.Add(new CpuDescription(apic.ApicId, srat.DomainOfCpu(apic.ApicId)));

            string commandLine = startInfo.ReadCommandLine(memory);
            var reserved = new List<ReservedRange> { new ReservedRange(startInfoAddress, PvhStartInfo.Size, "PVH start_info") };
            reserved.AddRange(startInfo.Ranges(commandLine));
            reserved.AddRange(acpi.Ranges());
            return new BootInfo("PVH", commandLine, startInfo.ReadMemoryMap(memory), cpus, srat.MemoryAffinity(), reserved);
        }
    }
}
