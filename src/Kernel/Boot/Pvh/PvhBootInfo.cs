// Boot information on x86_64: the PVH start_info gives the command line, the memory map and (maybe) the RSDP; the
// MADT behind the RSDP gives the CPUs.
using Helios.Kernel.Boot.Acpi;

namespace Helios.Kernel.Boot.Pvh
{
    public static class PvhBootInfo
    {
        public static BootInfo Read(IPhysicalMemory memory, ulong startInfoAddress)
        {
            PvhStartInfo startInfo = PvhStartInfo.Read(memory, startInfoAddress);
            AcpiTables acpi = AcpiTables.Read(memory, startInfo.RsdpAddress);
            Madt madt = Madt.Parse(acpi.Find("APIC"));
            return new BootInfo("PVH", startInfo.ReadCommandLine(memory), startInfo.ReadMemoryMap(memory), madt.EnabledProcessorCount);
        }
    }
}
