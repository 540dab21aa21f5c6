// The grant a satellite kernel boots from (docs/multikernel.md, "Boot block"): written by the coordinator into the
// satellite's memory, read by the satellite before it touches anything else. Versioned, little-endian, fixed widths,
// physical addresses only, and checked end to end: a block that decodes encodes back to the same bytes.
//
// Layout, version 1 (offsets and sizes in bytes; every integer little-endian):
//     0  u32  magic 0x42425348 (the bytes "HSBB")
//     4  u16  version (1)
//     6  u16  header length (144: where the CPU list starts)
//     8  u32  total length (a multiple of 8, at most MaximumLength)
//    12  u32  CRC-32 (IEEE) of the total length's bytes, computed with this field zero
//    16  u16  kernel id                      18  u16  kernel count
//    20  u16  domain                         22  u16  ISA (1 = x86_64, 2 = arm64)
//    24  u16  CPU count (1..256)             26  u16  memory range count (1..64)
//    28  u16  reserved range count (0..64)   30  u16  command line length in bytes (0..1024)
//    32  u64  counter frequency (Hz)         40  u64  timer frequency (Hz)
//    48  u64  image base (physical)          56  u64  image length
//    64  u64  machine page (physical)        72  u64  link area (physical, 0 if none)
//    80  u64  link area length               88  u64  boot bundle (physical, 0 if none)
//    96  u64  boot bundle length            104  u64  start ticks (the coordinator's counter when it started this kernel)
//   112  u64  interrupt controller (x86_64: the local APIC's base; arm64: the GIC distributor)
//   120  u64  interrupt controller, CPU part (arm64: the GIC CPU interface; x86_64: 0)
//   128  u64  tick interrupt (x86_64: 0, the kernel picks its vector; arm64: the virtual timer's GIC interrupt id)
//   136  u64  firmware call (arm64: PSCI through 1 = hvc, 2 = smc; x86_64: 0)
//   144  CPU count x u64: hardware ids; the first is where the kernel starts
//        memory count x { u64 start, u64 length }: page aligned, sorted, disjoint
//        reserved count x { u64 start, u64 length, u32 kind, u32 zero }
//        command line: UTF-8, printable, no terminator; then zero bytes up to the total length
using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using Helios.Satellite.Topology;

namespace Helios.Satellite.Boot
{
    public sealed class BootBlock
    {
        public const uint Magic = 0x42425348;
        public const ushort Version = 1;
        public const int HeaderLength = 144;
        public const int MaximumCpus = 256;
        public const int MaximumMemoryRanges = 64;
        public const int MaximumReservedRanges = 64;
        public const int MaximumCommandLineBytes = 1024;
        public const int CpuEntryLength = 8;
        public const int MemoryEntryLength = 16;
        public const int ReservedEntryLength = 24;
        /// <summary>5,744 bytes: every list and the command line at their limits. Fits in two 4 KiB pages.</summary>
        public const int MaximumLength = HeaderLength + MaximumCpus * CpuEntryLength + MaximumMemoryRanges * MemoryEntryLength
            + MaximumReservedRanges * ReservedEntryLength + MaximumCommandLineBytes;
        public const ushort IsaX64 = 1;
        public const ushort IsaArm64 = 2;
        private const ulong PageSize = 4096;
        private const int CrcOffset = 12;

        public ushort KernelId { get; set; }
        public ushort KernelCount { get; set; }
        public ushort Domain { get; set; }
        public ushort Isa { get; set; }
        public ulong CounterHz { get; set; }
        public ulong TimerHz { get; set; }
        public ulong ImageBase { get; set; }
        public ulong ImageLength { get; set; }
        public ulong MachinePage { get; set; }
        public ulong LinkArea { get; set; }
        public ulong LinkAreaLength { get; set; }
        public ulong Bundle { get; set; }
        public ulong BundleLength { get; set; }
        public ulong StartTicks { get; set; }
        public ulong InterruptController { get; set; }
        public ulong InterruptControllerCpu { get; set; }
        public ulong TickInterrupt { get; set; }
        public ulong FirmwareCall { get; set; }
        public string CommandLine { get; set; } = "";
        public List<ulong> Cpus { get; set; } = new List<ulong>();
        public List<PhysicalRange> Memory { get; set; } = new List<PhysicalRange>();
        public List<ReservedEntry> Reserved { get; set; } = new List<ReservedEntry>();

        /// <summary>The encoded size in bytes; throws BootBlockException if the block is not valid.</summary>
        public int EncodedLength => Layout(Validate(), out _);

        public byte[] Encode()
        {
            var bytes = new byte[EncodedLength];
            Encode(bytes);
            return bytes;
        }

        /// <summary>Writes the block at the start of destination (EncodedLength bytes); refuses an invalid block.</summary>
        public void Encode(Span<byte> destination)
        {
            byte[] commandLine = Validate();
            int length = Layout(commandLine, out int commandLineOffset);
            if (destination.Length < length)
                throw new BootBlockException("the destination holds " + destination.Length.ToString() + " bytes, the block needs " + length.ToString());
            Span<byte> block = destination.Slice(0, length);
            block.Clear();
            BinaryPrimitives.WriteUInt32LittleEndian(block, Magic);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(4), Version);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(6), HeaderLength);
            BinaryPrimitives.WriteUInt32LittleEndian(block.Slice(8), (uint)length);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(16), KernelId);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(18), KernelCount);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(20), Domain);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(22), Isa);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(24), (ushort)Cpus.Count);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(26), (ushort)Memory.Count);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(28), (ushort)Reserved.Count);
            BinaryPrimitives.WriteUInt16LittleEndian(block.Slice(30), (ushort)commandLine.Length);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(32), CounterHz);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(40), TimerHz);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(48), ImageBase);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(56), ImageLength);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(64), MachinePage);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(72), LinkArea);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(80), LinkAreaLength);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(88), Bundle);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(96), BundleLength);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(104), StartTicks);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(112), InterruptController);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(120), InterruptControllerCpu);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(128), TickInterrupt);
            BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(136), FirmwareCall);
            int offset = HeaderLength;
            foreach (ulong cpu in Cpus)
            {
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(offset), cpu);
                offset += CpuEntryLength;
            }
            foreach (PhysicalRange range in Memory)
            {
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(offset), range.Start);
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(offset + 8), range.Length);
                offset += MemoryEntryLength;
            }
            foreach (ReservedEntry entry in Reserved)
            {
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(offset), entry.Start);
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(offset + 8), entry.Length);
                BinaryPrimitives.WriteUInt32LittleEndian(block.Slice(offset + 16), entry.Kind);
                offset += ReservedEntryLength;
            }
            commandLine.AsSpan().CopyTo(block.Slice(commandLineOffset));
            BinaryPrimitives.WriteUInt32LittleEndian(block.Slice(CrcOffset), Crc32.Compute(block));
        }

        /// <summary>Reads a block from the start of source (which may run on past it), checking everything: a
        /// corrupt, truncated or inconsistent block is a BootBlockException naming the field and its offset.</summary>
        public static BootBlock Decode(ReadOnlySpan<byte> source)
        {
            if (source.Length < 16)
                throw new BootBlockException("truncated: " + source.Length.ToString() + " bytes, fewer than the 16 of magic, version, lengths and CRC");
            uint magic = BinaryPrimitives.ReadUInt32LittleEndian(source);
            if (magic != Magic) throw new BootBlockException("bad magic 0x" + magic.ToString("x8") + " at offset 0 (expected 0x" + Magic.ToString("x8") + ")");
            ushort version = BinaryPrimitives.ReadUInt16LittleEndian(source.Slice(4));
            if (version != Version)
                throw new BootBlockException("version " + version.ToString() + " at offset 4 is not supported (this kernel reads version " + Version.ToString() + ")");
            ushort headerLength = BinaryPrimitives.ReadUInt16LittleEndian(source.Slice(6));
            if (headerLength != HeaderLength)
                throw new BootBlockException("header length " + headerLength.ToString() + " at offset 6 is not " + HeaderLength.ToString() + " (version 1)");
            uint total = BinaryPrimitives.ReadUInt32LittleEndian(source.Slice(8));
            if (total < HeaderLength || total > MaximumLength || total % 8 != 0)
                throw new BootBlockException("total length " + total.ToString() + " at offset 8 is not a multiple of 8 between "
                    + HeaderLength.ToString() + " and " + MaximumLength.ToString());
            if (total > (uint)source.Length)
                throw new BootBlockException("truncated: the block is " + total.ToString() + " bytes (offset 8) but only " + source.Length.ToString() + " are given");
            ReadOnlySpan<byte> block = source.Slice(0, (int)total);
            uint stored = BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(CrcOffset));
            uint computed = ComputeCrc(block);
            if (stored != computed)
                throw new BootBlockException("CRC mismatch at offset 12: the block says 0x" + stored.ToString("x8") + ", its bytes give 0x" + computed.ToString("x8"));

            int cpuCount = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(24));
            int memoryCount = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(26));
            int reservedCount = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(28));
            int commandLineLength = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(30));
            CheckCount("CPU count", 24, cpuCount, 1, MaximumCpus);
            CheckCount("memory range count", 26, memoryCount, 1, MaximumMemoryRanges);
            CheckCount("reserved range count", 28, reservedCount, 0, MaximumReservedRanges);
            CheckCount("command line length", 30, commandLineLength, 0, MaximumCommandLineBytes);
            int expected = Length(cpuCount, memoryCount, reservedCount, commandLineLength, out int commandLineOffset);
            if (expected != (int)total)
                throw new BootBlockException("total length " + total.ToString() + " at offset 8 disagrees with the counts, which need " + expected.ToString() + " bytes");

            var result = new BootBlock
            {
                KernelId = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(16)),
                KernelCount = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(18)),
                Domain = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(20)),
                Isa = BinaryPrimitives.ReadUInt16LittleEndian(block.Slice(22)),
                CounterHz = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(32)),
                TimerHz = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(40)),
                ImageBase = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(48)),
                ImageLength = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(56)),
                MachinePage = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(64)),
                LinkArea = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(72)),
                LinkAreaLength = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(80)),
                Bundle = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(88)),
                BundleLength = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(96)),
                StartTicks = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(104)),
                InterruptController = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(112)),
                InterruptControllerCpu = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(120)),
                TickInterrupt = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(128)),
                FirmwareCall = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(136)),
            };
            int offset = HeaderLength;
            for (int i = 0; i < cpuCount; i++, offset += CpuEntryLength)
                result.Cpus.Add(BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(offset)));
            for (int i = 0; i < memoryCount; i++, offset += MemoryEntryLength)
                result.Memory.Add(new PhysicalRange(BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(offset)),
                    BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(offset + 8))));
            for (int i = 0; i < reservedCount; i++, offset += ReservedEntryLength)
            {
                uint zero = BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(offset + 20));
                if (zero != 0)
                    throw new BootBlockException("Reserved[" + i.ToString() + "] has 0x" + zero.ToString("x") + " in its zero word at offset " + (offset + 20).ToString());
                result.Reserved.Add(new ReservedEntry(BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(offset)),
                    BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(offset + 8)), BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(offset + 16))));
            }
            string commandLine = PrintableUtf8.Decode(block.Slice(commandLineOffset, commandLineLength), out string error);
            if (commandLine == null)
                throw new BootBlockException("the command line at offset " + commandLineOffset.ToString() + " is not printable UTF-8: " + error);
            result.CommandLine = commandLine;
            for (int i = commandLineOffset + commandLineLength; i < block.Length; i++)
                if (block[i] != 0) throw new BootBlockException("padding byte at offset " + i.ToString() + " is 0x" + block[i].ToString("x2") + ", not zero");
            result.Validate();
            return result;
        }

        // Checks every field and returns the command line's bytes. Messages give the offset each field is encoded at.
        private byte[] Validate()
        {
            if (KernelCount == 0) throw new BootBlockException("kernel count (offset 18) is 0");
            if (KernelId >= KernelCount)
                throw new BootBlockException("kernel id " + KernelId.ToString() + " (offset 16) is not below the kernel count " + KernelCount.ToString());
            if (Isa != IsaX64 && Isa != IsaArm64)
                throw new BootBlockException("ISA " + Isa.ToString() + " (offset 22) is neither 1 (x86_64) nor 2 (arm64)");
            if (CounterHz == 0) throw new BootBlockException("counter frequency (offset 32) is 0");
            if (TimerHz == 0) throw new BootBlockException("timer frequency (offset 40) is 0");
            if (ImageLength == 0) throw new BootBlockException("image length (offset 56) is 0");
            CheckPageRange("image", 48, ImageBase, ImageLength, false);
            if (MachinePage == 0 || MachinePage % PageSize != 0)
                throw new BootBlockException("machine page 0x" + MachinePage.ToString("x") + " (offset 64) is not a non-zero page address");
            CheckOptional("link area", 72, LinkArea, LinkAreaLength);
            CheckPageRange("link area", 72, LinkArea, LinkAreaLength, true);
            CheckOptional("boot bundle", 88, Bundle, BundleLength);
            CheckEnd("boot bundle", 88, Bundle, BundleLength);

            if (Cpus == null || Memory == null || Reserved == null || CommandLine == null)
                throw new BootBlockException("a list or the command line is null");
            CheckCount("CPU count", 24, Cpus.Count, 1, MaximumCpus);
            CheckCount("memory range count", 26, Memory.Count, 1, MaximumMemoryRanges);
            CheckCount("reserved range count", 28, Reserved.Count, 0, MaximumReservedRanges);
            int offset = HeaderLength;
            for (int i = 0; i < Cpus.Count; i++, offset += CpuEntryLength)
                for (int j = 0; j < i; j++)
                    if (Cpus[j] == Cpus[i])
                        throw new BootBlockException("Cpus[" + i.ToString() + "] (offset " + offset.ToString() + ") repeats CPU 0x" + Cpus[i].ToString("x"));
            ulong previousEnd = 0;
            for (int i = 0; i < Memory.Count; i++, offset += MemoryEntryLength)
            {
                string name = "Memory[" + i.ToString() + "]";
                PhysicalRange range = Memory[i];
                if (range.Length == 0) throw new BootBlockException(name + " (offset " + offset.ToString() + ") is empty");
                CheckPageRange(name, offset, range.Start, range.Length, true);
                if (i > 0 && range.Start < previousEnd)
                    throw new BootBlockException(name + " (offset " + offset.ToString() + ") starts at 0x" + range.Start.ToString("x")
                        + ", before the previous range ends (0x" + previousEnd.ToString("x") + "): ranges must be sorted and disjoint");
                previousEnd = range.End;
            }
            for (int i = 0; i < Reserved.Count; i++, offset += ReservedEntryLength)
            {
                string name = "Reserved[" + i.ToString() + "]";
                if (Reserved[i].Length == 0) throw new BootBlockException(name + " (offset " + offset.ToString() + ") is empty");
                CheckEnd(name, offset, Reserved[i].Start, Reserved[i].Length);
            }
            byte[] commandLine = PrintableUtf8.Encode(CommandLine, out string error);
            if (commandLine == null) throw new BootBlockException("the command line is not printable Unicode: " + error);
            if (commandLine.Length > MaximumCommandLineBytes)
                throw new BootBlockException("the command line is " + commandLine.Length.ToString() + " UTF-8 bytes, more than " + MaximumCommandLineBytes.ToString());
            return commandLine;
        }

        private int Layout(byte[] commandLine, out int commandLineOffset)
            => Length(Cpus.Count, Memory.Count, Reserved.Count, commandLine.Length, out commandLineOffset);

        private static int Length(int cpus, int memory, int reserved, int commandLine, out int commandLineOffset)
        {
            commandLineOffset = HeaderLength + cpus * CpuEntryLength + memory * MemoryEntryLength + reserved * ReservedEntryLength;
            return (commandLineOffset + commandLine + 7) & ~7;
        }

        // The CRC of a block with its CRC field read as zero, without copying the block.
        private static uint ComputeCrc(ReadOnlySpan<byte> block)
        {
            Span<byte> header = stackalloc byte[16];
            block.Slice(0, 16).CopyTo(header);
            header.Slice(CrcOffset, 4).Clear();
            return Crc32.Continue(Crc32.Continue(Crc32.Start, header), block.Slice(16)) ^ Crc32.Start;
        }

        private static void CheckCount(string field, int offset, int count, int minimum, int maximum)
        {
            if (count < minimum || count > maximum)
                throw new BootBlockException(field + " " + count.ToString() + " (offset " + offset.ToString() + ") is not between "
                    + minimum.ToString() + " and " + maximum.ToString());
        }

        // An optional range (link area, bundle) is absent as address 0 and length 0, never half of it.
        private static void CheckOptional(string field, int offset, ulong start, ulong length)
        {
            if (length == 0 && start != 0)
                throw new BootBlockException(field + " (offset " + offset.ToString() + ") has address 0x" + start.ToString("x") + " but length 0");
        }

        // A range that starts on a page and, when lengthToo, covers whole pages.
        private static void CheckPageRange(string field, int offset, ulong start, ulong length, bool lengthToo)
        {
            if (start % PageSize != 0 || (lengthToo && length % PageSize != 0))
                throw new BootBlockException(field + " (offset " + offset.ToString() + ") [0x" + start.ToString("x") + ", +0x" + length.ToString("x")
                    + ") is not page aligned");
            CheckEnd(field, offset, start, length);
        }

        private static void CheckEnd(string field, int offset, ulong start, ulong length)
        {
            if (length > ulong.MaxValue - start)
                throw new BootBlockException(field + " (offset " + offset.ToString() + ") at 0x" + start.ToString("x") + " with length 0x"
                    + length.ToString("x") + " runs past the end of the address space");
        }
    }
}
