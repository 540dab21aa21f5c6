// The image's symbol table: names for addresses, so panics, type names and (later) stack traces can speak C#.
// The build writes it (build/Helios.BuildTool, SymbolTableWriter) after linking, in ImageSymbolFormat.
using static Internal.Runtime.ImageSymbolFormat;

namespace Internal.Runtime
{
    public static unsafe class ImageSymbols
    {
        // An entry as ImageSymbolFormat lays it out (EntrySize bytes).
        private struct Entry
        {
            public ulong Offset;
            public uint Size;
            public uint NameOffset;
            public uint Kind;
            public uint Reserved;
        }

        // One image's table, opened and checked.
        private struct Table
        {
            public byte* Entries;
            public uint Count;
            public byte* Strings;
            public uint StringsLength;
            public byte* LoadBase;
            public ulong ImageSize;
        }

        private static Table s_image;

        /// <summary>
        /// Registers the table of this image, loaded at [imageStart, imageEnd). A table whose header or layout is wrong
        /// is not used; entries are trusted no further than the image and the string block: lookups outside the image
        /// find nothing, and an entry whose name lies outside the strings names nothing.
        /// </summary>
        public static void Register(byte* start, byte* end, byte* imageStart, byte* imageEnd) => s_image = Open(start, end, imageStart, imageEnd);

        public static bool IsLoaded => s_image.Entries != null;

        /// <summary>The symbol containing address, and the offset of address into it.</summary>
        public static bool TryLookup(void* address, out string name, out ulong offsetInSymbol, out SymbolKind kind)
            => Lookup(in s_image, (byte*)address, out name, out offsetInSymbol, out kind);

        /// <summary>The same, in another image's table (the kernel naming a process's code), trusted no further.</summary>
        public static bool TryLookupIn(byte* start, byte* end, byte* imageStart, byte* imageEnd, void* address, out string name, out ulong offsetInSymbol)
        {
            Table table = Open(start, end, imageStart, imageEnd);
            return Lookup(in table, (byte*)address, out name, out offsetInSymbol, out _);
        }

        private static Table Open(byte* start, byte* end, byte* imageStart, byte* imageEnd)
        {
            if (end - start < HeaderSize || *(uint*)(start + MagicField) != Magic || *(uint*)(start + VersionField) != FormatVersion) return default;
            uint count = *(uint*)(start + CountField);
            uint stringsOffset = *(uint*)(start + StringsOffsetField);
            uint stringsLength = *(uint*)(start + StringsLengthField);
            if ((ulong)HeaderSize + (ulong)count * EntrySize > stringsOffset || (ulong)stringsOffset + stringsLength > (ulong)(end - start)) return default;
            if (imageEnd <= imageStart) return default;
            return new Table
            {
                Entries = start + HeaderSize,
                Count = count,
                Strings = start + stringsOffset,
                StringsLength = stringsLength,
                LoadBase = imageStart,
                ImageSize = (ulong)(imageEnd - imageStart),
            };
        }

        private static bool Lookup(in Table table, byte* address, out string name, out ulong offsetInSymbol, out SymbolKind kind)
        {
            name = null;
            offsetInSymbol = 0;
            kind = 0;
            Entry* entry = Find(in table, address);
            if (entry == null) return false;
            ulong offset = (ulong)(address - table.LoadBase);
            // A size-0 entry (an assembler label) reaches up to the next entry, which Find already respects.
            if (entry->Size != 0 && offset - entry->Offset >= entry->Size) return false;
            if (entry->NameOffset >= table.StringsLength) return false;
            name = NameAt(in table, entry->NameOffset);
            offsetInSymbol = offset - entry->Offset;
            kind = (SymbolKind)entry->Kind;
            return true;
        }

        // The last entry starting at or below address (binary search).
        private static Entry* Find(in Table table, byte* address)
        {
            if (table.Entries == null || address < table.LoadBase) return null;
            ulong offset = (ulong)(address - table.LoadBase);
            if (offset >= table.ImageSize) return null;
            var entries = (Entry*)table.Entries;
            long lo = 0, hi = (long)table.Count - 1;
            Entry* best = null;
            while (lo <= hi)
            {
                long mid = (lo + hi) / 2;
                if (entries[mid].Offset <= offset)
                {
                    best = &entries[mid];
                    lo = mid + 1;
                }
                else
                {
                    hi = mid - 1;
                }
            }
            return best;
        }

        // Up to the terminating NUL or the end of the string block, whichever comes first.
        private static string NameAt(in Table table, uint nameOffset)
        {
            byte* s = table.Strings + nameOffset;
            uint limit = table.StringsLength - nameOffset;
            int length = 0;
            while ((uint)length < limit && s[length] != 0) length++;
            string name = new string('\0', length);
            fixed (char* d = name)
                for (int i = 0; i < length; i++) d[i] = (char)s[i];
            return name;
        }
    }
}
