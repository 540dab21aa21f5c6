// The machine's memory as the boot protocol describes it, in one portable form for both ISAs.
namespace Helios.Kernel.Boot
{
    public enum MemoryKind
    {
        Usable,
        Reserved,
        AcpiReclaimable,
        AcpiNvs,
        Unusable,
        Persistent,
    }

    public readonly struct MemoryRegion
    {
        public MemoryRegion(ulong start, ulong length, MemoryKind kind)
        {
            Start = start;
            Length = length;
            Kind = kind;
        }

        public ulong Start { get; }

        public ulong Length { get; }

        public ulong End => Start + Length;

        public MemoryKind Kind { get; }

        public static string KindName(MemoryKind kind) => kind switch
        {
            MemoryKind.Usable => "usable",
            MemoryKind.Reserved => "reserved",
            MemoryKind.AcpiReclaimable => "ACPI data",
            MemoryKind.AcpiNvs => "ACPI NVS",
            MemoryKind.Unusable => "unusable",
            _ => "persistent",
        };
    }
}
