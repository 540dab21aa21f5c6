// The MADT ("APIC" table): the processors (started by their local APIC ids), the I/O APICs, and the ISA interrupts
// that arrive elsewhere than their number says.
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

    /// <summary>An I/O APIC: where its registers are and the first global system interrupt it serves.</summary>
    public readonly struct IoApicEntry
    {
        public IoApicEntry(byte id, uint address, uint gsiBase)
        {
            Id = id;
            Address = address;
            GsiBase = gsiBase;
        }

        public byte Id { get; }

        public uint Address { get; }

        public uint GsiBase { get; }
    }

    /// <summary>An ISA interrupt that arrives on another global system interrupt, with its polarity and trigger.</summary>
    public readonly struct InterruptOverride
    {
        public InterruptOverride(byte source, uint gsi, ushort flags)
        {
            Source = source;
            Gsi = gsi;
            Flags = flags;
        }

        public byte Source { get; }

        public uint Gsi { get; }

        /// <summary>MPS INTI flags: bits 0-1 polarity (3: active low), bits 2-3 trigger (3: level).</summary>
        public ushort Flags { get; }
    }

    public sealed class Madt
    {
        private const byte ProcessorLocalApic = 0;
        private const byte IoApic = 1;
        private const byte SourceOverride = 2;
        private const byte ProcessorLocalX2Apic = 9;
        private const uint EnabledFlag = 1;

        private Madt() { }

        public uint LocalApicAddress { get; private set; }

        public List<LocalApic> Processors { get; } = new List<LocalApic>();

        public List<IoApicEntry> IoApics { get; } = new List<IoApicEntry>();

        public List<InterruptOverride> Overrides { get; } = new List<InterruptOverride>();

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
                else if (type == IoApic && length >= 12)
                {
                    madt.IoApics.Add(new IoApicEntry(entry[2], BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(4)), BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(8))));
                }
                else if (type == SourceOverride && length >= 10)
                {
                    madt.Overrides.Add(new InterruptOverride(entry[3], BinaryPrimitives.ReadUInt32LittleEndian(entry.Slice(4)), BinaryPrimitives.ReadUInt16LittleEndian(entry.Slice(8))));
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
