// A position-independent ELF64 image as a loader needs it, read and checked from the file's bytes: an executable for
// this kernel's ISA whose segments, once placed at any page-aligned base, need only "base + addend" relocations. Both
// loaders stand on it: processes (ProcessImage adds the process header) and satellite kernels (SatelliteLauncher).
// Pure logic: the host tests run it on every built app and satellite image.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Loading
{
    public sealed class RelocatableImage
    {
        public const ushort MachineX64 = 62;
        public const ushort MachineArm64 = 183;
        public const ulong PageSize = 4096;

        // The largest image the loader takes: far beyond any app or kernel today, small enough that sizes cannot overflow.
        public const ulong MaxImageSize = 256UL << 20;

        private const uint PtLoad = 1, PtDynamic = 2;
        private const long DtNull = 0, DtNeeded = 1, DtPltRelSize = 2, DtRela = 7, DtRelaSize = 8, DtRelaEntry = 9, DtRel = 17;
        private const uint RelocationNone = 0, RelativeX64 = 8, RelativeArm64 = 1027;

        public readonly struct Segment
        {
            public Segment(ulong fileOffset, ulong fileSize, ulong address, ulong memorySize)
            {
                FileOffset = fileOffset;
                FileSize = fileSize;
                Address = address;
                MemorySize = memorySize;
            }

            public ulong FileOffset { get; }
            public ulong FileSize { get; }
            public ulong Address { get; }       // offset from the image's base
            public ulong MemorySize { get; }
        }

        private RelocatableImage(string name, ulong entry, List<Segment> segments, ulong size, ulong relocations, ulong relocationCount)
        {
            Name = name;
            Entry = entry;
            Segments = segments;
            Size = size;
            RelocationsAddress = relocations;
            RelocationCount = relocationCount;
        }

        public string Name { get; }

        /// <summary>The ELF entry, as an offset from the base.</summary>
        public ulong Entry { get; }

        /// <summary>The loadable segments, in ascending order, none overlapping.</summary>
        public List<Segment> Segments { get; }

        /// <summary>Bytes from the base to the end of the last segment, in whole pages.</summary>
        public ulong Size { get; }

        /// <summary>Where the relocation table is once the image is placed (offset from the base), and its length.</summary>
        public ulong RelocationsAddress { get; }

        public ulong RelocationCount { get; }

        public static ushort MachineOf(bool x64) => x64 ? MachineX64 : MachineArm64;

        /// <summary>Reads and checks an image; what is wrong is an ImageFormatException whose message starts with name.</summary>
        public static RelocatableImage Read(ReadOnlySpan<byte> file, string name, ushort machine)
        {
            if (file.Length < 64 || file[0] != 0x7F || file[1] != (byte)'E' || file[2] != (byte)'L' || file[3] != (byte)'F')
                throw Bad(name, "not an ELF file");
            if (file[4] != 2 || file[5] != 1) throw Bad(name, "not a little-endian 64-bit ELF file");
            if (U16(file, 16) != 3) throw Bad(name, "not a position-independent executable (ELF type " + U16(file, 16).ToString() + ", expected 3)");
            ushort fileMachine = U16(file, 18);
            if (fileMachine != machine)
                throw Bad(name, "built for " + MachineName(fileMachine) + ", but this kernel runs " + MachineName(machine));
            ulong entry = U64(file, 24);
            ulong phOffset = U64(file, 32);
            int phSize = U16(file, 54), phCount = U16(file, 56);
            if (phSize != 56 || phCount == 0 || phOffset > (ulong)file.Length || (ulong)phCount * 56 > (ulong)file.Length - phOffset)
                throw Bad(name, "its program headers are missing or cut short");

            var segments = new List<Segment>();
            ulong size = 0, dynamicAddress = 0, dynamicSize = 0;
            bool hasDynamic = false;
            for (int i = 0; i < phCount; i++)
            {
                ReadOnlySpan<byte> ph = file.Slice((int)phOffset + i * 56, 56);
                uint type = BinaryPrimitives.ReadUInt32LittleEndian(ph);
                if (type == PtDynamic)
                {
                    hasDynamic = true;
                    dynamicAddress = U64(ph, 16);
                    dynamicSize = U64(ph, 40);
                }
                if (type != PtLoad) continue;
                var segment = new Segment(U64(ph, 8), U64(ph, 32), U64(ph, 16), U64(ph, 40));
                if (segment.FileSize > segment.MemorySize) throw Bad(name, "a segment has more bytes in the file than in memory");
                if (segment.FileOffset > (ulong)file.Length || segment.FileSize > (ulong)file.Length - segment.FileOffset)
                    throw Bad(name, "a segment lies past the end of the file");
                if (segment.Address > MaxImageSize || segment.MemorySize > MaxImageSize - segment.Address)
                    throw Bad(name, "a segment lies beyond " + (MaxImageSize >> 20).ToString() + " MiB");
                if (segments.Count > 0 && segment.Address < segments[segments.Count - 1].Address + segments[segments.Count - 1].MemorySize)
                    throw Bad(name, "its segments overlap or are out of order");
                segments.Add(segment);
                size = Math.Max(size, segment.Address + segment.MemorySize);
            }
            if (segments.Count == 0) throw Bad(name, "it has nothing to load");
            size = (size + PageSize - 1) & ~(PageSize - 1);

            ulong relocations = 0, relocationBytes = 0;
            if (hasDynamic) ReadDynamic(file, segments, dynamicAddress, dynamicSize, name, out relocations, out relocationBytes);
            if (relocationBytes % 24 != 0) throw Bad(name, "its relocation table is not whole entries");
            ulong count = relocationBytes / 24;
            CheckRelocations(file, segments, relocations, count, size, machine, name);

            if (entry >= size) throw Bad(name, "its entry lies outside the image");
            return new RelocatableImage(name, entry, segments, size, relocations, count);
        }

        private static void ReadDynamic(ReadOnlySpan<byte> file, List<Segment> segments, ulong address, ulong size, string name,
            out ulong relocations, out ulong relocationBytes)
        {
            relocations = 0;
            relocationBytes = 0;
            ReadOnlySpan<byte> table = At(file, segments, address, size, name, "the dynamic table");
            for (int i = 0; i + 16 <= table.Length; i += 16)
            {
                long tag = (long)U64(table, i);
                ulong value = U64(table, i + 8);
                switch (tag)
                {
                    case DtNull: return;
                    case DtNeeded: throw Bad(name, "it needs a shared library; an image links everything in");
                    case DtRel: throw Bad(name, "it has REL relocations; only RELA relocations are loaded");
                    case DtPltRelSize: if (value != 0) throw Bad(name, "it has PLT relocations; an image binds none"); break;
                    case DtRela: relocations = value; break;
                    case DtRelaSize: relocationBytes = value; break;
                    case DtRelaEntry: if (value != 24) throw Bad(name, "its relocation entries are not 24 bytes"); break;
                }
            }
        }

        private static void CheckRelocations(ReadOnlySpan<byte> file, List<Segment> segments, ulong address, ulong count, ulong size,
            ushort machine, string name)
        {
            if (count == 0) return;
            ReadOnlySpan<byte> table = At(file, segments, address, count * 24, name, "the relocation table");
            uint relative = machine == MachineX64 ? RelativeX64 : RelativeArm64;
            for (int i = 0; i < table.Length; i += 24)
            {
                ulong offset = U64(table, i);
                uint type = (uint)U64(table, i + 8);
                if (type == RelocationNone) continue;
                if (type != relative)
                    throw Bad(name, "relocation " + (i / 24).ToString() + " has type " + type.ToString() + "; an image may only have relative relocations (type " + relative.ToString() + ")");
                if (offset > size - 8 || offset % 8 != 0) throw Bad(name, "relocation " + (i / 24).ToString() + " patches a word outside the image");
            }
        }

        /// <summary>The file's bytes that a segment maps to [address, address+length), which must be in one segment's file part.</summary>
        public static ReadOnlySpan<byte> At(ReadOnlySpan<byte> file, List<Segment> segments, ulong address, ulong length, string name, string what)
        {
            foreach (Segment segment in segments)
                if (address >= segment.Address && length <= segment.FileSize && address - segment.Address <= segment.FileSize - length)
                    return file.Slice((int)(segment.FileOffset + (address - segment.Address)), (int)length);
            throw Bad(name, what + " is not in the file's loaded contents");
        }

        private static string MachineName(ushort machine) => machine switch
        {
            MachineX64 => "x86_64",
            MachineArm64 => "arm64",
            _ => "ELF machine " + machine.ToString(),
        };

        private static ushort U16(ReadOnlySpan<byte> s, int offset) => BinaryPrimitives.ReadUInt16LittleEndian(s.Slice(offset));

        private static ulong U64(ReadOnlySpan<byte> s, int offset) => BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(offset));

        private static ImageFormatException Bad(string name, string what) => new ImageFormatException(name + ": " + what);
    }
}
