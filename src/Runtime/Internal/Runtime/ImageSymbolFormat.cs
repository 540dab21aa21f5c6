// The format of an image's symbol table: one source for the build that writes it (build/Helios.Tooling compiles this
// file too, for SymbolTableWriter) and the runtime that reads it (ImageSymbols). Little-endian throughout:
//   header  : "HSYM" u32 version=1, u32 count, u32 stringsOffset, u32 stringsLength, u32 reserved, u64 linkBase
//   entries : count × { u64 offset (from linkBase), u32 size, u32 nameOffset, u32 kind, u32 reserved }, by offset
//   strings : NUL-terminated ASCII names
namespace Internal.Runtime
{
    public enum SymbolKind : uint
    {
        Code = 1,
        Type = 2,
        Data = 3,
    }

    public static class ImageSymbolFormat
    {
        public const uint Magic = 0x4D595348; // "HSYM"
        public const uint FormatVersion = 1;

        public const int HeaderSize = 32;
        public const int MagicField = 0;
        public const int VersionField = 4;
        public const int CountField = 8;
        public const int StringsOffsetField = 12;
        public const int StringsLengthField = 16;
        public const int LinkBaseField = 24;

        public const int EntrySize = 24;
        public const int EntryOffsetField = 0;
        public const int EntrySizeField = 8;
        public const int EntryNameOffsetField = 12;
        public const int EntryKindField = 16;
    }
}
