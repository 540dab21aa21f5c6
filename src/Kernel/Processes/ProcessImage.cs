// A process image as the loader needs it, read and checked from the file's bytes: an ELF64 position-independent
// executable for this kernel's ISA whose segments, once placed at any page-aligned base, need only "base + addend"
// relocations, and whose entry is the process header. Pure logic: the host tests run it on every built app.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Kernel.Processes
{
    public sealed class ProcessImage
    {
        public const ushort MachineX64 = 62;
        public const ushort MachineArm64 = 183;
        public const ulong PageSize = 4096;

        // The largest image the loader takes: far beyond any app today, small enough that sizes cannot overflow.
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

        private ProcessImage(string name, List<Segment> segments, ulong size, ulong relocations, ulong relocationCount, ProcessHeader header, string[] imports)
        {
            Name = name;
            Segments = segments;
            Size = size;
            RelocationsAddress = relocations;
            RelocationCount = relocationCount;
            Header = header;
            Imports = imports;
        }

        public string Name { get; }

        /// <summary>The loadable segments, in ascending order, none overlapping.</summary>
        public List<Segment> Segments { get; }

        /// <summary>Bytes from the base to the end of the last segment, in whole pages.</summary>
        public ulong Size { get; }

        /// <summary>Where the relocation table is once the image is placed (offset from the base), and its length.</summary>
        public ulong RelocationsAddress { get; }

        public ulong RelocationCount { get; }

        public ProcessHeader Header { get; }

        /// <summary>The kernel entry points the image imports, in slot order.</summary>
        public string[] Imports { get; }

        public static ushort MachineOf(bool x64) => x64 ? MachineX64 : MachineArm64;

        public static ProcessImage Read(ReadOnlySpan<byte> file, string name, ushort machine)
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

            ReadOnlySpan<byte> headerBytes = At(file, segments, entry, ProcessHeader.Size, name, "the process header");
            ProcessHeader header = ProcessHeader.Read(headerBytes, size, name);
            string[] imports = ReadImports(file, segments, header, name);
            return new ProcessImage(name, segments, size, relocations, count, header, imports);
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
                    case DtNeeded: throw Bad(name, "it needs a shared library; a process image links everything in");
                    case DtRel: throw Bad(name, "it has REL relocations; only RELA relocations are loaded");
                    case DtPltRelSize: if (value != 0) throw Bad(name, "it has PLT relocations; a process image binds none"); break;
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
                    throw Bad(name, "relocation " + (i / 24).ToString() + " has type " + type.ToString() + "; a process image may only have relative relocations (type " + relative.ToString() + ")");
                if (offset > size - 8 || offset % 8 != 0) throw Bad(name, "relocation " + (i / 24).ToString() + " patches a word outside the image");
            }
        }

        private static string[] ReadImports(ReadOnlySpan<byte> file, List<Segment> segments, ProcessHeader header, string name)
        {
            ReadOnlySpan<byte> names = At(file, segments, header.ImportNamesStart, header.ImportNamesEnd - header.ImportNamesStart, name, "the import names");
            var imports = new string[header.ImportCount];
            int start = 0;
            for (int i = 0; i < imports.Length; i++)
            {
                int end = names.Slice(start).IndexOf((byte)0);
                if (end <= 0 || end > 128) throw Bad(name, "import name " + i.ToString() + " is missing or malformed");
                var chars = new char[end];
                for (int c = 0; c < end; c++)
                {
                    byte b = names[start + c];
                    if (b < 0x21 || b > 0x7E) throw Bad(name, "import name " + i.ToString() + " is not printable ASCII");
                    chars[c] = (char)b;
                }
                imports[i] = new string(chars);
                start += end + 1;
            }
            if (start != names.Length) throw Bad(name, "it has more import names than import slots");
            return imports;
        }

        /// <summary>The file's bytes that a segment maps to [address, address+length), which must be in one segment's file part.</summary>
        private static ReadOnlySpan<byte> At(ReadOnlySpan<byte> file, List<Segment> segments, ulong address, ulong length, string name, string what)
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

        private static ProcessImageException Bad(string name, string what) => new ProcessImageException(name + ": " + what);
    }
}
