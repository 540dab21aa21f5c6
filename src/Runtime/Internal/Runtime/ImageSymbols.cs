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

        private static byte* s_table;
        private static uint s_count;
        private static byte* s_strings;
        private static uint s_stringsLength;
        private static byte* s_loadBase;
        private static ulong s_imageSize;

        /// <summary>
        /// Registers the table of an image loaded at [imageStart, imageEnd). A table whose header or layout is wrong is
        /// not used; entries are trusted no further than the image and the string block: lookups outside the image find
        /// nothing, and an entry whose name lies outside the strings names nothing.
        /// </summary>
        public static void Register(byte* start, byte* end, byte* imageStart, byte* imageEnd)
        {
            s_table = null;
            s_count = 0;
            if (end - start < HeaderSize || *(uint*)(start + MagicField) != Magic || *(uint*)(start + VersionField) != FormatVersion) return;
            uint count = *(uint*)(start + CountField);
            uint stringsOffset = *(uint*)(start + StringsOffsetField);
            uint stringsLength = *(uint*)(start + StringsLengthField);
            if ((ulong)HeaderSize + (ulong)count * EntrySize > stringsOffset || (ulong)stringsOffset + stringsLength > (ulong)(end - start)) return;
            if (imageEnd <= imageStart) return;
            s_table = start + HeaderSize;
            s_count = count;
            s_strings = start + stringsOffset;
            s_stringsLength = stringsLength;
            s_loadBase = imageStart;
            s_imageSize = (ulong)(imageEnd - imageStart);
        }

        public static bool IsLoaded => s_table != null;

        /// <summary>The symbol containing address, and the offset of address into it.</summary>
        public static bool TryLookup(void* address, out string name, out ulong offsetInSymbol, out SymbolKind kind)
        {
            name = null;
            offsetInSymbol = 0;
            kind = 0;
            Entry* entry = Find((byte*)address);
            if (entry == null) return false;
            ulong offset = (ulong)((byte*)address - s_loadBase);
            // A size-0 entry (an assembler label) reaches up to the next entry, which Find already respects.
            if (entry->Size != 0 && offset - entry->Offset >= entry->Size) return false;
            if (entry->NameOffset >= s_stringsLength) return false;
            name = NameAt(entry->NameOffset);
            offsetInSymbol = offset - entry->Offset;
            kind = (SymbolKind)entry->Kind;
            return true;
        }

        // The last entry starting at or below address (binary search).
        private static Entry* Find(byte* address)
        {
            if (s_table == null || address < s_loadBase) return null;
            ulong offset = (ulong)(address - s_loadBase);
            if (offset >= s_imageSize) return null;
            var entries = (Entry*)s_table;
            long lo = 0, hi = (long)s_count - 1;
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
        private static string NameAt(uint nameOffset)
        {
            byte* s = s_strings + nameOffset;
            uint limit = s_stringsLength - nameOffset;
            int length = 0;
            while ((uint)length < limit && s[length] != 0) length++;
            string name = new string('\0', length);
            fixed (char* d = name)
                for (int i = 0; i < length; i++) d[i] = (char)s[i];
            return name;
        }
    }
}
