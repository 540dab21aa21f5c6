// The SRAT (System Resource Affinity Table): which NUMA proximity domain each processor and memory range belongs to.
// Domains are renumbered densely from 0 in increasing proximity-domain order, so the kernel can index by them.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Boot.Acpi
{
    public sealed class Srat
    {
        private const int EntriesOffset = AcpiTables.HeaderSize + 12;
        private const byte ProcessorAffinity = 0;
        private const byte MemoryAffinityType = 1;
        private const byte X2ApicAffinity = 2;
        private const uint Enabled = 1;

        private readonly Dictionary<uint, uint> _cpuDomains = new Dictionary<uint, uint>();
        private readonly List<(ulong Start, ulong Length, uint Domain)> _memory = new List<(ulong, ulong, uint)>();
        private readonly List<uint> _domains = new List<uint>();

        private Srat() { }

        /// <summary>Parses an SRAT; an empty span (no SRAT: one domain) gives a table that names nothing.</summary>
        public static Srat Parse(ReadOnlySpan<byte> table)
        {
            var srat = new Srat();
            if (table.IsEmpty) return srat;
            if (table.Length < EntriesOffset) throw new BootInfoException("ACPI: the SRAT is too short");
            int offset = EntriesOffset;
            while (offset + 2 <= table.Length)
            {
                byte type = table[offset];
                byte length = table[offset + 1];
                if (length < 2 || offset + length > table.Length)
                    throw new BootInfoException("ACPI: SRAT entry at offset " + offset.ToString() + " has bad length " + length.ToString());
                ReadOnlySpan<byte> e = table.Slice(offset, length);
                if (type == ProcessorAffinity && length >= 16)
                {
                    uint flags = BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(4));
                    uint domain = e[2] | (uint)e[9] << 8 | (uint)e[10] << 16 | (uint)e[11] << 24;
                    if ((flags & Enabled) != 0) srat.AddCpu(e[3], domain);
                }
                else if (type == X2ApicAffinity && length >= 24)
                {
                    uint flags = BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(12));
                    if ((flags & Enabled) != 0) srat.AddCpu(BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(8)), BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(4)));
                }
                else if (type == MemoryAffinityType && length >= 40)
                {
                    uint flags = BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(28));
                    ulong start = BinaryPrimitives.ReadUInt64LittleEndian(e.Slice(8));
                    ulong size = BinaryPrimitives.ReadUInt64LittleEndian(e.Slice(16));
                    uint domain = BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(2));
                    if ((flags & Enabled) != 0 && size != 0)
                    {
                        srat._memory.Add((start, size, domain));
                        srat.NoteDomain(domain);
                    }
                }
                offset += length;
            }
            srat._domains.Sort();
            return srat;
        }

        /// <summary>The dense domain index of a processor by APIC id (0 if the SRAT does not name it).</summary>
        public int DomainOfCpu(uint apicId) => _cpuDomains.TryGetValue(apicId, out uint domain) ? _domains.IndexOf(domain) : 0;

        /// <summary>The memory ranges the SRAT assigns, with dense domain indexes.</summary>
        public List<MemoryAffinity> MemoryAffinity()
        {
            var ranges = new List<MemoryAffinity>();
            foreach ((ulong start, ulong length, uint domain) in _memory)
                ranges.Add(new MemoryAffinity(start, length, _domains.IndexOf(domain)));
            ranges.Sort((a, b) => a.Start.CompareTo(b.Start));
            return ranges;
        }

        private void AddCpu(uint apicId, uint domain)
        {
            _cpuDomains[apicId] = domain;
            NoteDomain(domain);
        }

        private void NoteDomain(uint domain)
        {
            if (!_domains.Contains(domain)) _domains.Add(domain);
        }
    }
}
