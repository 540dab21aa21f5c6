// The ACPI MCFG table: one entry per PCI segment whose configuration space is memory-mapped (PCI Firmware
// Specification 3.2, 4.1.2). q35 gives one, segment 0, buses 0-255 at 0xB0000000.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Boot.Acpi
{
    public static class Mcfg
    {
        private const int EntriesOffset = AcpiTables.HeaderSize + 8;    // after 8 reserved bytes
        private const int EntrySize = 16;

        /// <summary>The host bridges the table lists (none for an empty span: a machine without MCFG).</summary>
        public static List<PciHostBridge> Parse(ReadOnlySpan<byte> table)
        {
            var bridges = new List<PciHostBridge>();
            if (table.IsEmpty) return bridges;
            if (table.Length < EntriesOffset || (table.Length - EntriesOffset) % EntrySize != 0)
                throw new BootInfoException("ACPI MCFG: length " + table.Length.ToString() + " is not a header and whole 16-byte entries");
            for (int offset = EntriesOffset; offset < table.Length; offset += EntrySize)
            {
                ReadOnlySpan<byte> entry = table.Slice(offset, EntrySize);
                ulong baseAddress = BinaryPrimitives.ReadUInt64LittleEndian(entry);
                ushort segment = BinaryPrimitives.ReadUInt16LittleEndian(entry.Slice(8));
                byte startBus = entry[10], endBus = entry[11];
                if (endBus < startBus)
                    throw new BootInfoException("ACPI MCFG: segment " + segment.ToString() + " ends at bus " + endBus.ToString() + " before it starts (" + startBus.ToString() + ")");
                if ((baseAddress & 0xFFFFF) != 0)
                    throw new BootInfoException("ACPI MCFG: segment " + segment.ToString() + "'s base 0x" + baseAddress.ToString("x") + " is not 1 MiB aligned");
                bridges.Add(new PciHostBridge(baseAddress, segment, startBus, endBus));
            }
            return bridges;
        }
    }
}
