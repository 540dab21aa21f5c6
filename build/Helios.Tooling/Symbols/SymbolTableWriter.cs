// Writes an image's symbol table in the format src/Runtime/Internal/Runtime/ImageSymbols.cs reads:
//   header  : "HSYM" u32 version=1, u32 count, u32 stringsOffset, u32 stringsLength, u64 linkBase
//   entries : count x { u64 offset (from linkBase), u32 size, u32 nameOffset, u32 kind, u32 reserved }, by offset
//   strings : NUL-terminated ASCII names
using System.Buffers.Binary;
using System.Text;

namespace Helios.Tooling.Symbols;

public enum SymbolKind : uint
{
    Code = 1,
    Type = 2,
    Data = 3,
}

public sealed record ImageSymbol(ulong Address, ulong Size, string Name, SymbolKind Kind);

public static class SymbolTableWriter
{
    public const uint Magic = 0x4D595348;
    public const uint Version = 1;
    public const int HeaderSize = 32;
    public const int EntrySize = 24;

    public static byte[] Write(IEnumerable<ImageSymbol> symbols, ulong linkBase)
    {
        // One name per address and kind: where ilc gave code an export alias too, the C# name wins.
        var sorted = symbols.Where(s => s.Address >= linkBase)
            .GroupBy(s => (s.Address, s.Kind))
            .Select(g => g.OrderByDescending(s => s.Name.Contains('.')).ThenByDescending(s => s.Size).First())
            .OrderBy(s => s.Address).ThenBy(s => s.Kind).ToList();
        var strings = new MemoryStream();
        var nameOffsets = new Dictionary<string, uint>();
        foreach (ImageSymbol symbol in sorted)
        {
            if (nameOffsets.ContainsKey(symbol.Name)) continue;
            nameOffsets[symbol.Name] = (uint)strings.Length;
            byte[] ascii = Encoding.ASCII.GetBytes(symbol.Name);
            strings.Write(ascii);
            strings.WriteByte(0);
        }

        int stringsOffset = HeaderSize + sorted.Count * EntrySize;
        var table = new byte[stringsOffset + strings.Length];
        Span<byte> span = table;
        BinaryPrimitives.WriteUInt32LittleEndian(span, Magic);
        BinaryPrimitives.WriteUInt32LittleEndian(span[4..], Version);
        BinaryPrimitives.WriteUInt32LittleEndian(span[8..], (uint)sorted.Count);
        BinaryPrimitives.WriteUInt32LittleEndian(span[12..], (uint)stringsOffset);
        BinaryPrimitives.WriteUInt32LittleEndian(span[16..], (uint)strings.Length);
        BinaryPrimitives.WriteUInt64LittleEndian(span[24..], linkBase);
        for (int i = 0; i < sorted.Count; i++)
        {
            Span<byte> entry = span.Slice(HeaderSize + i * EntrySize, EntrySize);
            BinaryPrimitives.WriteUInt64LittleEndian(entry, sorted[i].Address - linkBase);
            BinaryPrimitives.WriteUInt32LittleEndian(entry[8..], (uint)Math.Min(sorted[i].Size, uint.MaxValue));
            BinaryPrimitives.WriteUInt32LittleEndian(entry[12..], nameOffsets[sorted[i].Name]);
            BinaryPrimitives.WriteUInt32LittleEndian(entry[16..], (uint)sorted[i].Kind);
        }
        strings.ToArray().CopyTo(span[stringsOffset..]);
        return table;
    }
}
