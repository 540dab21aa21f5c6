// The MADT ("APIC" table): the interrupt controllers and the processors. Helios counts the usable CPUs from it; the
// SMP issue starts them by their APIC ids.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Boot.Acpi
{
    public readonly struct LocalApic
    {
        public LocalApic(uint processorUid, uint apicId, bool enabled)
        {
            ProcessorUid = processorUid;
            ApicId = apicId;
            Enabled = enabled;
        }

        public uint ProcessorUid { get; }

        public uint ApicId { get; }

        public bool Enabled { get; }
    }

    public sealed class Madt
    {
        private const byte ProcessorLocalApic = 0;
        private const byte ProcessorLocalX2Apic = 9;
        private const uint EnabledFlag = 1;

        private Madt() { }

        public uint LocalApicAddress { get; private set; }

        public List<LocalApic> Processors { get; } = new List<LocalApic>();

        public int EnabledProcessorCount
        {
            get
            {
                int count = 0;
                foreach (LocalApic cpu in Processors)
                    if (cpu.Enabled) count++;
                return count;
            }
        }

        public static Madt Parse(ReadOnlySpan<byte> table)
        {
            if (table.Length < AcpiTables.HeaderSize + 8) throw new BootInfoException("ACPI: the MADT is missing or too short");
            var madt = new Madt { LocalApicAddress = BinaryPrimitives.ReadUInt32LittleEndian(table.Slice(AcpiTables.HeaderSize)) };
            int offset = AcpiTables.HeaderSize + 8;
            while (offset + 2 <= table.Length)
            {
                byte type = table[offset];
                byte length = table[offset + 1];
                if (length < 2 || offset + length > table.Length)
                    throw new BootInfoException("ACPI: MADT entry at offset " + offset.ToString() + " has bad length " + length.ToString());
                ReadOnlySpan<byte> entry = table.Slice(offset, length);
                if (type == ProcessorLocalApic && length >= 8)
                {
                    uint flags = BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(4));
                    madt.Processors.Add(new LocalApic(entry[2], entry[3], (flags & EnabledFlag) != 0));
                }
                else if (type == ProcessorLocalX2Apic && length >= 16)
                {
                    uint apicId = BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(4));
                    uint flags = BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(8));
                    uint uid = BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(12));
                    madt.Processors.Add(new LocalApic(uid, apicId, (flags & EnabledFlag) != 0));
                }
                offset += length;
            }
            return madt;
        }
    }
}
