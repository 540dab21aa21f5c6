// Sizes as manifests write them: a decimal number of bytes with an optional binary unit, K (KiB), M (MiB) or G (GiB),
// in either case: "65536", "64K", "16M", "1G".
#nullable enable

namespace Helios.Kernel.Manifests
{
    public static class ByteSize
    {
        public const string Syntax = "a number of bytes with an optional unit K, M or G (e.g. 16M)";

        /// <summary>Parses a size; false for anything else, including a value that does not fit 64 bits.</summary>
        public static bool TryParse(string text, out ulong bytes)
        {
            bytes = 0;
            if (text is null || text.Length == 0) return false;
            int end = text.Length;
            int shift = 0;
            switch (text[end - 1])
            {
                case 'K': case 'k': shift = 10; end--; break;
                case 'M': case 'm': shift = 20; end--; break;
                case 'G': case 'g': shift = 30; end--; break;
            }
            if (end == 0 || end > 20) return false;
            ulong value = 0;
            for (int i = 0; i < end; i++)
            {
                char c = text[i];
                if (c < '0' || c > '9') return false;
                ulong digit = (ulong)(c - '0');
                if (value > (ulong.MaxValue - digit) / 10) return false;
                value = value * 10 + digit;
            }
            if (shift != 0 && value > (ulong.MaxValue >> shift)) return false;
            bytes = value << shift;
            return true;
        }

        /// <summary>The largest unit that states the size exactly: 16777216 is "16M", 1536 stays "1536".</summary>
        public static string Format(ulong bytes)
        {
            if (bytes != 0 && (bytes & ((1UL << 30) - 1)) == 0) return (bytes >> 30).ToString() + "G";
            if (bytes != 0 && (bytes & ((1UL << 20) - 1)) == 0) return (bytes >> 20).ToString() + "M";
            if (bytes != 0 && (bytes & ((1UL << 10) - 1)) == 0) return (bytes >> 10).ToString() + "K";
            return bytes.ToString();
        }
    }
}
