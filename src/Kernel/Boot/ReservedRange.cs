// Memory the kernel must not hand out although the memory map may call it usable: the boot structures it still reads
// (ACPI tables, the device tree, the boot modules) and what the firmware reserved.
namespace Helios.Kernel.Boot
{
    public readonly struct ReservedRange
    {
        public ReservedRange(ulong start, ulong length, string what)
        {
            Start = start;
            Length = length;
            What = what;
        }

        public ulong Start { get; }

        public ulong Length { get; }

        public ulong End => Start + Length;

        /// <summary>What lives there, for reports ("ACPI APIC", "device tree").</summary>
        public string What { get; }
    }
}
