// The ACPI HPET table: where the High Precision Event Timer's registers are (the kernel calibrates against it).
using System;
using System.Buffers.Binary;

namespace Helios.Kernel.Boot.Acpi
{
    public static class HpetTable
    {
        private const int AddressOffset = 40;    // after the event timer block id: a Generic Address Structure
        private const byte SystemMemory = 0;

        /// <summary>The HPET's register block, or 0 when there is no (memory-mapped) HPET.</summary>
        public static ulong BaseAddress(ReadOnlySpan<byte> table)
        {
            if (table.Length < AddressOffset + 12 || table[AddressOffset] != SystemMemory) return 0;
            return BinaryPrimitives.ReadUInt64LittleEndian(table.Slice(AddressOffset + 4));
        }
    }
}
