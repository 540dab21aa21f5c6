// ACPI's root tables: find the RSDP, walk the RSDT (revision 0) or XSDT (revision 2+), verify checksums and hand out
// the tables by signature. QEMU's pc and q35 give revision 0 with an RSDT; microvm gives revision 2 with an XSDT.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Boot.Acpi
{
    public sealed class AcpiTables
    {
        public const int HeaderSize = 36;
        private const int RsdpV1Size = 20;
        private const int RsdpV2Size = 36;
        private const int MaxTableSize = 1 << 20;

        private readonly IPhysicalMemory _memory;
        private readonly List<(string Signature, ulong Address)> _tables = new List<(string, ulong)>();

        private ulong _rootAddress;
        private uint _rootLength;

        private AcpiTables(IPhysicalMemory memory) { _memory = memory; }

        public ulong RsdpAddress { get; private set; }

        public byte Revision { get; private set; }

        public string OemId { get; private set; }

        /// <summary>Signatures of every table the root table lists, in its order.</summary>
        public IEnumerable<string> Signatures
        {
            get
            {
                foreach ((string signature, ulong _) in _tables) yield return signature;
            }
        }

        /// <summary>Where each table the root table lists lies in memory, and the root table and RSDP themselves.</summary>
        public List<ReservedRange> Ranges()
        {
            var ranges = new List<ReservedRange> { new ReservedRange(RsdpAddress, RsdpV2Size, "ACPI RSDP") };
            if (_rootAddress != 0) ranges.Add(new ReservedRange(_rootAddress, _rootLength, "ACPI root table"));
            foreach ((string signature, ulong address) in _tables)
            {
                ReadOnlySpan<byte> header = _memory.Read(address, HeaderSize);
                if (header.Length == HeaderSize)
                    ranges.Add(new ReservedRange(address, BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(4)), "ACPI " + signature));
            }
            return ranges;
        }

        /// <summary>Reads the root tables. rsdpHint is where the loader said the RSDP is (0: search the BIOS areas).</summary>
        public static AcpiTables Read(IPhysicalMemory memory, ulong rsdpHint)
        {
            var tables = new AcpiTables(memory);
            tables.RsdpAddress = rsdpHint != 0 ? rsdpHint : FindRsdp(memory);
            if (tables.RsdpAddress == 0) throw new BootInfoException("ACPI: no RSDP in the EBDA or 0xE0000-0xFFFFF");
            tables.ReadRoot();
            return tables;
        }

        /// <summary>Where the root table says the table with this signature is, or 0.</summary>
        public ulong AddressOf(string signature)
        {
            foreach ((string sig, ulong address) in _tables)
                if (sig == signature) return address;
            return 0;
        }

        /// <summary>The table with this signature (header included), or an empty span.</summary>
        public ReadOnlySpan<byte> Find(string signature)
        {
            foreach ((string sig, ulong address) in _tables)
                if (sig == signature) return ReadTable(address, signature);
            return ReadOnlySpan<byte>.Empty;
        }

        // The RSDP sits on a 16-byte boundary in the first KiB of the EBDA or in the BIOS ROM area (ACPI 5.2.5.1).
        private static ulong FindRsdp(IPhysicalMemory memory)
        {
            ReadOnlySpan<byte> ebdaPointer = memory.Read(0x40E, 2);
            if (ebdaPointer.Length == 2)
            {
                ulong ebda = (ulong)BinaryPrimitives.ReadUInt16LittleEndian(ebdaPointer) << 4;
                ulong found = ScanForRsdp(memory, ebda, 1024);
                if (found != 0) return found;
            }
            return ScanForRsdp(memory, 0xE0000, 0x20000);
        }

        private static ulong ScanForRsdp(IPhysicalMemory memory, ulong start, int length)
        {
            if (start == 0) return 0;
            ReadOnlySpan<byte> area = memory.Read(start, length);
            for (int offset = 0; offset + RsdpV1Size <= area.Length; offset += 16)
            {
                ReadOnlySpan<byte> candidate = area.Slice(offset, RsdpV1Size);
                if (IsSignature(candidate, "RSD PTR ") && Checksum(candidate) == 0) return start + (ulong)offset;
            }
            return 0;
        }

        private void ReadRoot()
        {
            ReadOnlySpan<byte> rsdp = _memory.Read(RsdpAddress, RsdpV1Size);
            if (rsdp.Length < RsdpV1Size || !IsSignature(rsdp, "RSD PTR "))
                throw new BootInfoException("ACPI: no RSDP signature at 0x" + RsdpAddress.ToString("x"));
            if (Checksum(rsdp) != 0) throw new BootInfoException("ACPI: RSDP checksum is wrong");
            OemId = Ascii(rsdp.Slice(9, 6)).TrimEnd();
            Revision = rsdp[15];

            bool useXsdt = false;
            ulong root = BinaryPrimitives.ReadUInt32LittleEndian(rsdp.Slice(16));
            if (Revision >= 2)
            {
                ReadOnlySpan<byte> rsdp2 = _memory.Read(RsdpAddress, RsdpV2Size);
                if (rsdp2.Length == RsdpV2Size && Checksum(rsdp2) == 0)
                {
                    ulong xsdt = BinaryPrimitives.ReadUInt64LittleEndian(rsdp2.Slice(24));
                    if (xsdt != 0)
                    {
                        root = xsdt;
                        useXsdt = true;
                    }
                }
            }

            ReadOnlySpan<byte> rootTable = ReadTable(root, useXsdt ? "XSDT" : "RSDT");
            _rootAddress = root;
            _rootLength = (uint)rootTable.Length;
            int entrySize = useXsdt ? 8 : 4;
            for (int offset = HeaderSize; offset + entrySize <= rootTable.Length; offset += entrySize)
            {
                ulong address = useXsdt
                    ? BinaryPrimitives.ReadUInt64LittleEndian(rootTable.Slice(offset))
                    : BinaryPrimitives.ReadUInt32LittleEndian(rootTable.Slice(offset));
                ReadOnlySpan<byte> header = _memory.Read(address, HeaderSize);
                if (header.Length == HeaderSize) _tables.Add((Ascii(header.Slice(0, 4)), address));
            }
        }

        private ReadOnlySpan<byte> ReadTable(ulong address, string expected)
        {
            ReadOnlySpan<byte> header = _memory.Read(address, HeaderSize);
            if (header.Length < HeaderSize) throw new BootInfoException("ACPI: table " + expected + " at 0x" + address.ToString("x") + " is not readable");
            if (!IsSignature(header, expected))
                throw new BootInfoException("ACPI: expected " + expected + " at 0x" + address.ToString("x") + ", found " + Ascii(header.Slice(0, 4)));
            uint length = BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(4));
            if (length < HeaderSize || length > MaxTableSize)
                throw new BootInfoException("ACPI: table " + expected + " claims length " + length.ToString());
            ReadOnlySpan<byte> table = _memory.Read(address, (int)length);
            if (table.Length < (int)length) throw new BootInfoException("ACPI: table " + expected + " is cut short");
            if (Checksum(table) != 0) throw new BootInfoException("ACPI: table " + expected + " has a wrong checksum");
            return table;
        }

        private static byte Checksum(ReadOnlySpan<byte> bytes)
        {
            byte sum = 0;
            foreach (byte b in bytes) sum += b;
            return sum;
        }

        private static bool IsSignature(ReadOnlySpan<byte> bytes, string signature)
        {
            for (int i = 0; i < signature.Length; i++)
                if (bytes[i] != signature[i]) return false;
            return true;
        }

        private static string Ascii(ReadOnlySpan<byte> bytes)
        {
            var chars = new char[bytes.Length];
            for (int i = 0; i < bytes.Length; i++) chars[i] = (char)bytes[i];
            return new string(chars);
        }
    }
}
