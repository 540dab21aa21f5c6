// UTF-8 for manifest strings: the runtime has no System.Text.Encoding, and the decoder must refuse, not repair,
// malformed input (overlong forms, surrogates, truncated sequences), so a blob means exactly one thing.
#nullable enable
using System;

namespace Helios.Kernel.Manifests
{
    internal static class Utf8Text
    {
        /// <summary>The UTF-8 length of text, or -1 if it has an unpaired surrogate.</summary>
        public static int Length(string text)
        {
            int length = 0;
            for (int i = 0; i < text.Length; i++)
            {
                char c = text[i];
                if (c < 0x80) length += 1;
                else if (c < 0x800) length += 2;
                else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < text.Length && text[i + 1] >= 0xDC00 && text[i + 1] <= 0xDFFF)
                {
                    length += 4;
                    i++;
                }
                else if (c >= 0xD800 && c <= 0xDFFF) return -1;
                else length += 3;
            }
            return length;
        }

        /// <summary>Writes text (whose Length was not -1) into destination, which has room for exactly that length.</summary>
        public static void Encode(string text, Span<byte> destination)
        {
            int at = 0;
            for (int i = 0; i < text.Length; i++)
            {
                int c = text[i];
                if (c >= 0xD800 && c <= 0xDBFF)
                {
                    c = 0x10000 + ((c - 0xD800) << 10) + (text[i + 1] - 0xDC00);
                    i++;
                }
                if (c < 0x80)
                {
                    destination[at++] = (byte)c;
                }
                else if (c < 0x800)
                {
                    destination[at++] = (byte)(0xC0 | (c >> 6));
                    destination[at++] = (byte)(0x80 | (c & 0x3F));
                }
                else if (c < 0x10000)
                {
                    destination[at++] = (byte)(0xE0 | (c >> 12));
                    destination[at++] = (byte)(0x80 | ((c >> 6) & 0x3F));
                    destination[at++] = (byte)(0x80 | (c & 0x3F));
                }
                else
                {
                    destination[at++] = (byte)(0xF0 | (c >> 18));
                    destination[at++] = (byte)(0x80 | ((c >> 12) & 0x3F));
                    destination[at++] = (byte)(0x80 | ((c >> 6) & 0x3F));
                    destination[at++] = (byte)(0x80 | (c & 0x3F));
                }
            }
        }

        /// <summary>Decodes well-formed UTF-8; null when the bytes are not.</summary>
        public static string? Decode(ReadOnlySpan<byte> bytes)
        {
            var chars = new char[bytes.Length];   // UTF-16 never needs more code units than UTF-8 has bytes
            int count = 0;
            int i = 0;
            while (i < bytes.Length)
            {
                int b = bytes[i];
                int needed, value, minimum;
                if (b < 0x80) { chars[count++] = (char)b; i++; continue; }
                else if ((b & 0xE0) == 0xC0) { needed = 1; value = b & 0x1F; minimum = 0x80; }
                else if ((b & 0xF0) == 0xE0) { needed = 2; value = b & 0x0F; minimum = 0x800; }
                else if ((b & 0xF8) == 0xF0) { needed = 3; value = b & 0x07; minimum = 0x10000; }
                else return null;
                if (i + needed >= bytes.Length) return null;   // truncated sequence
                for (int k = 1; k <= needed; k++)
                {
                    int next = bytes[i + k];
                    if ((next & 0xC0) != 0x80) return null;
                    value = (value << 6) | (next & 0x3F);
                }
                if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return null;
                if (value >= 0x10000)
                {
                    value -= 0x10000;
                    chars[count++] = (char)(0xD800 + (value >> 10));
                    chars[count++] = (char)(0xDC00 + (value & 0x3FF));
                }
                else
                {
                    chars[count++] = (char)value;
                }
                i += needed + 1;
            }
            return new string(chars, 0, count);
        }
    }
}
