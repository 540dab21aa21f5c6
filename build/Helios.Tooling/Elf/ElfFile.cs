// Reads what the build needs from an ELF64 little-endian file: sections, program headers and the symbol table.
using System.Buffers.Binary;
using System.Text;

namespace Helios.Tooling.Elf;

public enum ElfSymbolType : byte
{
    NoType = 0,
    Object = 1,
    Function = 2,
    Section = 3,
    File = 4,
}

public sealed record ElfSection(string Name, uint Type, ulong Flags, ulong Address, ulong Offset, ulong Size)
{
    public const uint NoBits = 8;
    public const ulong FlagAlloc = 0x2;
    public const ulong FlagExecute = 0x4;

    public bool IsExecutable => (Flags & FlagExecute) != 0;
    public bool IsAllocated => (Flags & FlagAlloc) != 0;
}

public sealed record ElfSymbol(string Name, ulong Value, ulong Size, ElfSymbolType Type, bool IsGlobal, ushort SectionIndex);

public sealed record ElfSegment(uint Type, ulong VirtualAddress, ulong FileSize, ulong MemorySize)
{
    public const uint Load = 1;
}

public sealed class ElfFile
{
    private const int SymbolEntrySize = 24;

    private ElfFile(ushort machine, ulong entry, List<ElfSection> sections, List<ElfSegment> segments, List<ElfSymbol> symbols)
    {
        Machine = machine;
        Entry = entry;
        Sections = sections;
        Segments = segments;
        Symbols = symbols;
    }

    public const ushort MachineX86_64 = 62;
    public const ushort MachineAArch64 = 183;

    public ushort Machine { get; }

    public ulong Entry { get; }

    public IReadOnlyList<ElfSection> Sections { get; }

    public IReadOnlyList<ElfSegment> Segments { get; }

    public IReadOnlyList<ElfSymbol> Symbols { get; }

    public ElfSymbol? FindSymbol(string name) => Symbols.FirstOrDefault(s => s.Name == name);

    public ElfSection? FindSection(string name) => Sections.FirstOrDefault(s => s.Name == name);

    public static ElfFile Read(string path) => Parse(File.ReadAllBytes(path), path);

    public static ElfFile Parse(ReadOnlySpan<byte> data, string name = "ELF file")
    {
        if (data.Length < 64 || data[0] != 0x7F || data[1] != (byte)'E' || data[2] != (byte)'L' || data[3] != (byte)'F')
            throw new InvalidDataException($"{name}: not an ELF file");
        if (data[4] != 2 || data[5] != 1) throw new InvalidDataException($"{name}: not a 64-bit little-endian ELF file");

        ushort machine = U16(data, 18);
        ulong entry = U64(data, 24);
        ulong programHeaders = U64(data, 32);
        ulong sectionHeaders = U64(data, 40);
        ushort programHeaderSize = U16(data, 54);
        ushort programHeaderCount = U16(data, 56);
        ushort sectionHeaderSize = U16(data, 58);
        ushort sectionCount = U16(data, 60);
        ushort sectionNamesIndex = U16(data, 62);

        var raw = new List<(uint Name, uint Type, ulong Flags, ulong Address, ulong Offset, ulong Size, uint Link)>();
        for (int i = 0; i < sectionCount; i++)
        {
            int at = Checked(data, sectionHeaders + (ulong)(i * sectionHeaderSize), 64, name);
            raw.Add((U32(data, at), U32(data, at + 4), U64(data, at + 8), U64(data, at + 16), U64(data, at + 24), U64(data, at + 32), U32(data, at + 40)));
        }

        ReadOnlySpan<byte> sectionNames = sectionNamesIndex < raw.Count ? Slice(data, raw[sectionNamesIndex].Offset, raw[sectionNamesIndex].Size, name) : default;
        var sections = new List<ElfSection>(raw.Count);
        foreach (var s in raw) sections.Add(new ElfSection(CString(sectionNames, s.Name), s.Type, s.Flags, s.Address, s.Offset, s.Size));

        var segments = new List<ElfSegment>();
        for (int i = 0; i < programHeaderCount; i++)
        {
            int at = Checked(data, programHeaders + (ulong)(i * programHeaderSize), 56, name);
            segments.Add(new ElfSegment(U32(data, at), U64(data, at + 16), U64(data, at + 32), U64(data, at + 40)));
        }

        var symbols = new List<ElfSymbol>();
        int symtab = raw.FindIndex(s => s.Type == 2);   // SHT_SYMTAB
        if (symtab >= 0)
        {
            ReadOnlySpan<byte> table = Slice(data, raw[symtab].Offset, raw[symtab].Size, name);
            ReadOnlySpan<byte> strings = Slice(data, raw[(int)raw[symtab].Link].Offset, raw[(int)raw[symtab].Link].Size, name);
            for (int at = SymbolEntrySize; at + SymbolEntrySize <= table.Length; at += SymbolEntrySize)
            {
                byte info = table[at + 4];
                symbols.Add(new ElfSymbol(CString(strings, U32(table, at)), U64(table, at + 8), U64(table, at + 16),
                    (ElfSymbolType)(info & 0xF), (info >> 4) != 0, U16(table, at + 6)));
            }
        }
        return new ElfFile(machine, entry, sections, segments, symbols);
    }

    private static int Checked(ReadOnlySpan<byte> data, ulong offset, int length, string name)
    {
        if (offset + (ulong)length > (ulong)data.Length) throw new InvalidDataException($"{name}: header at 0x{offset:x} lies outside the file");
        return (int)offset;
    }

    private static ReadOnlySpan<byte> Slice(ReadOnlySpan<byte> data, ulong offset, ulong size, string name)
    {
        if (offset + size > (ulong)data.Length) throw new InvalidDataException($"{name}: section at 0x{offset:x} lies outside the file");
        return data.Slice((int)offset, (int)size);
    }

    private static string CString(ReadOnlySpan<byte> strings, uint offset)
    {
        if (offset >= strings.Length) return "";
        ReadOnlySpan<byte> rest = strings[(int)offset..];
        int end = rest.IndexOf((byte)0);
        return Encoding.UTF8.GetString(end < 0 ? rest : rest[..end]);
    }

    private static ushort U16(ReadOnlySpan<byte> d, int at) => BinaryPrimitives.ReadUInt16LittleEndian(d[at..]);
    private static uint U32(ReadOnlySpan<byte> d, int at) => BinaryPrimitives.ReadUInt32LittleEndian(d[at..]);
    private static ulong U64(ReadOnlySpan<byte> d, int at) => BinaryPrimitives.ReadUInt64LittleEndian(d[at..]);
}
