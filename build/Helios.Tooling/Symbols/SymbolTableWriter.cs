// Writes an image's symbol table in the format the runtime reads (src/Runtime/Internal/Runtime/ImageSymbolFormat.cs,
// compiled into this assembly too).
using System.Buffers.Binary;
using System.Text;
using Internal.Runtime;
using static Internal.Runtime.ImageSymbolFormat;

namespace Helios.Tooling.Symbols;

public sealed record ImageSymbol(ulong Address, ulong Size, string Name, SymbolKind Kind);

public static class SymbolTableWriter
{
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
        BinaryPrimitives.WriteUInt32LittleEndian(span[MagicField..], Magic);
        BinaryPrimitives.WriteUInt32LittleEndian(span[VersionField..], FormatVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(span[CountField..], (uint)sorted.Count);
        BinaryPrimitives.WriteUInt32LittleEndian(span[StringsOffsetField..], (uint)stringsOffset);
        BinaryPrimitives.WriteUInt32LittleEndian(span[StringsLengthField..], (uint)strings.Length);
        BinaryPrimitives.WriteUInt64LittleEndian(span[LinkBaseField..], linkBase);
        for (int i = 0; i < sorted.Count; i++)
        {
            Span<byte> entry = span.Slice(HeaderSize + i * EntrySize, EntrySize);
            BinaryPrimitives.WriteUInt64LittleEndian(entry[EntryOffsetField..], sorted[i].Address - linkBase);
            BinaryPrimitives.WriteUInt32LittleEndian(entry[EntrySizeField..], (uint)Math.Min(sorted[i].Size, uint.MaxValue));
            BinaryPrimitives.WriteUInt32LittleEndian(entry[EntryNameOffsetField..], nameOffsets[sorted[i].Name]);
            BinaryPrimitives.WriteUInt32LittleEndian(entry[EntryKindField..], (uint)sorted[i].Kind);
        }
        strings.ToArray().CopyTo(span[stringsOffset..]);
        return table;
    }
}
