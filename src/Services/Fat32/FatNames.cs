// Names on FAT: 8.3 short names (validation, display, generation with a ~N tail), the long-name checksum, and the
// case-insensitive comparison FAT uses (ASCII letters only, so host and SIP agree byte for byte).
using System;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    public static class FatNames
    {
        public const int MaxLongName = 255;

        /// <summary>The checksum a long name's entries carry of their short name (11 bytes).</summary>
        public static byte Checksum(ReadOnlySpan<byte> shortName)
        {
            byte sum = 0;
            for (int i = 0; i < 11; i++) sum = (byte)(((sum & 1) << 7) + (sum >> 1) + shortName[i]);
            return sum;
        }

        public static bool EqualsIgnoreCase(string a, string b)
        {
            if (a.Length != b.Length) return false;
            for (int i = 0; i < a.Length; i++)
                if (Fold(a[i]) != Fold(b[i])) return false;
            return true;
        }

        private static char Fold(char c) => c >= 'a' && c <= 'z' ? (char)(c - 32) : c;

        /// <summary>Refuses a name no FAT directory can hold (with <see cref="FileSystemError.InvalidName"/>).</summary>
        public static void CheckLongName(string name)
        {
            if (name.Length == 0) throw Invalid(name, "it is empty");
            if (name.Length > MaxLongName) throw Invalid(name, "it is longer than " + MaxLongName + " characters");
            if (name == "." || name == "..") throw Invalid(name, "it is reserved");
            char last = name[name.Length - 1];
            if (last == '.' || last == ' ') throw Invalid(name, "it ends with a dot or a space");
            foreach (char c in name)
            {
                if (c < 0x20 || c == 0x7F || c == '"' || c == '*' || c == '/' || c == ':' || c == '<' || c == '>' || c == '?' || c == '\\' || c == '|')
                    throw Invalid(name, "it contains '" + (c < 0x20 ? "\\x" + ((int)c).ToString("X2") : c.ToString()) + "'");
            }
        }

        private static FileSystemException Invalid(string name, string why) =>
            new FileSystemException(FileSystemError.InvalidName, "invalid name \"" + name + "\": " + why);

        /// <summary>The 11-byte short name when <paramref name="name"/> is already a valid upper-case 8.3 name (then it needs
        /// no long-name entries), otherwise null.</summary>
        public static byte[] ExactShortName(string name)
        {
            int dot = name.IndexOf('.');
            string stem = dot < 0 ? name : name.Substring(0, dot);
            string ext = dot < 0 ? "" : name.Substring(dot + 1);
            if (stem.Length < 1 || stem.Length > 8 || ext.Length > 3 || (dot >= 0 && ext.Length == 0) || ext.IndexOf('.') >= 0) return null;
            var raw = Blank();
            for (int i = 0; i < stem.Length; i++)
            {
                if (!IsShortChar(stem[i])) return null;
                raw[i] = (byte)stem[i];
            }
            for (int i = 0; i < ext.Length; i++)
            {
                if (!IsShortChar(ext[i])) return null;
                raw[8 + i] = (byte)ext[i];
            }
            if (raw[0] == 0xE5) return null;
            return raw;
        }

        /// <summary>A short name for <paramref name="name"/> that is not in <paramref name="taken"/> (11-character keys, see
        /// <see cref="Key"/>): the long name's first characters in upper case, '_' for what 8.3 cannot hold, and a ~N tail.</summary>
        public static byte[] GenerateShortName(string name, HashSet<string> taken)
        {
            var stem = new List<byte>();
            var ext = new List<byte>();
            int lastDot = name.LastIndexOf('.');
            int start = 0;
            while (start < name.Length && (name[start] == '.' || name[start] == ' ')) start++;
            for (int i = start; i < name.Length; i++)
            {
                char c = name[i];
                if (c == ' ' || (c == '.' && i != lastDot)) continue;
                if (i == lastDot) continue;
                var into = lastDot > start && i > lastDot ? ext : stem;
                if (into.Count >= (into == ext ? 3 : 8)) continue;
                char upper = c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
                into.Add(IsShortChar(upper) ? (byte)upper : (byte)'_');
            }
            if (stem.Count == 0) stem.Add((byte)'_');
            for (int n = 1; n <= 999999; n++)
            {
                string tail = "~" + n.ToString();
                var raw = Blank();
                int keep = Math.Min(stem.Count, 8 - tail.Length);
                for (int i = 0; i < keep; i++) raw[i] = stem[i];
                for (int i = 0; i < tail.Length; i++) raw[keep + i] = (byte)tail[i];
                for (int i = 0; i < ext.Count; i++) raw[8 + i] = ext[i];
                if (!taken.Contains(Key(raw))) return raw;
            }
            throw new FileSystemException(FileSystemError.NoSpace, "no short name is left for \"" + name + "\"");
        }

        /// <summary>An 11-byte short name as a string, to compare and look up.</summary>
        public static string Key(ReadOnlySpan<byte> raw)
        {
            var chars = new char[11];
            for (int i = 0; i < 11; i++) chars[i] = (char)raw[i];
            return new string(chars);
        }

        /// <summary>How a short name reads ("README.TXT"), with the lower-case flags of byte 12 that Windows NT,
        /// Linux and mtools set for names like "readme.txt". Bytes above 0x7F read as Latin-1.</summary>
        public static string Display(ReadOnlySpan<byte> entry)
        {
            bool lowerStem = (entry[12] & 0x08) != 0, lowerExt = (entry[12] & 0x10) != 0;
            var chars = new char[12];
            int n = 0;
            int stemEnd = 8;
            while (stemEnd > 0 && entry[stemEnd - 1] == ' ') stemEnd--;
            for (int i = 0; i < stemEnd; i++)
            {
                byte b = i == 0 && entry[0] == 0x05 ? (byte)0xE5 : entry[i];
                chars[n++] = Case((char)b, lowerStem);
            }
            int extEnd = 11;
            while (extEnd > 8 && entry[extEnd - 1] == ' ') extEnd--;
            if (extEnd > 8)
            {
                chars[n++] = '.';
                for (int i = 8; i < extEnd; i++) chars[n++] = Case((char)entry[i], lowerExt);
            }
            return new string(chars, 0, n);
        }

        private static char Case(char c, bool lower) => lower && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;

        private static byte[] Blank()
        {
            var raw = new byte[11];
            for (int i = 0; i < 11; i++) raw[i] = (byte)' ';
            return raw;
        }

        private static bool IsShortChar(char c) =>
            (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '!' || c == '#' || c == '$' || c == '%' || c == '&' || c == '\''
            || c == '(' || c == ')' || c == '-' || c == '@' || c == '^' || c == '_' || c == '`' || c == '{' || c == '}' || c == '~';
    }
}
