// Strict UTF-8 for the boot block's command line: well-formed (no overlong forms, surrogates or values above
// U+10FFFF) and printable (no C0 or C1 control characters, no DEL). Strict both ways, unlike the runtime's Utf8,
// which replaces what it cannot read: a block that decodes must encode back to the same bytes.
using System;

namespace Helios.Satellite.Boot
{
    internal static class PrintableUtf8
    {
        /// <summary>The UTF-8 bytes of text, or null with the reason when text is not printable Unicode.</summary>
        public static byte[] Encode(string text, out string error)
        {
            var bytes = new byte[text.Length * 3];   // a UTF-16 unit never needs more than 3 bytes (a pair needs 4)
            int o = 0;
            for (int i = 0; i < text.Length; i++)
            {
                int scalar = text[i];
                if (scalar >= 0xD800 && scalar <= 0xDFFF)
                {
                    if (scalar > 0xDBFF || i + 1 == text.Length || text[i + 1] < 0xDC00 || text[i + 1] > 0xDFFF)
                    {
                        error = "character " + i.ToString() + " is an unpaired surrogate";
                        return null;
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (text[i + 1] - 0xDC00);
                    i++;
                }
                if (!IsPrintable(scalar))
                {
                    error = "character " + i.ToString() + " is the control character U+" + scalar.ToString("X4");
                    return null;
                }
                if (scalar < 0x80) bytes[o++] = (byte)scalar;
                else if (scalar < 0x800)
                {
                    bytes[o++] = (byte)(0xC0 | (scalar >> 6));
                    bytes[o++] = (byte)(0x80 | (scalar & 0x3F));
                }
                else if (scalar < 0x10000)
                {
                    bytes[o++] = (byte)(0xE0 | (scalar >> 12));
                    bytes[o++] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                    bytes[o++] = (byte)(0x80 | (scalar & 0x3F));
                }
                else
                {
                    bytes[o++] = (byte)(0xF0 | (scalar >> 18));
                    bytes[o++] = (byte)(0x80 | ((scalar >> 12) & 0x3F));
                    bytes[o++] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                    bytes[o++] = (byte)(0x80 | (scalar & 0x3F));
                }
            }
            error = null;
            return new ReadOnlySpan<byte>(bytes, 0, o).ToArray();
        }

        /// <summary>The text of bytes, or null with the reason (naming the byte's index) when they are not printable
        /// UTF-8.</summary>
        public static string Decode(ReadOnlySpan<byte> bytes, out string error)
        {
            var chars = new char[bytes.Length];   // never more UTF-16 units than UTF-8 bytes
            int o = 0;
            int i = 0;
            while (i < bytes.Length)
            {
                byte lead = bytes[i];
                int length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                    : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
                if (length == 0 || i + length > bytes.Length)
                {
                    error = "byte " + i.ToString() + " (0x" + lead.ToString("x2") + ") does not start a complete UTF-8 sequence";
                    return null;
                }
                int scalar = length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07;
                for (int k = 1; k < length; k++)
                {
                    byte next = bytes[i + k];
                    if ((next & 0xC0) != 0x80)
                    {
                        error = "byte " + (i + k).ToString() + " (0x" + next.ToString("x2") + ") is not a UTF-8 continuation byte";
                        return null;
                    }
                    scalar = (scalar << 6) | (next & 0x3F);
                }
                bool overlong = (length == 3 && scalar < 0x800) || (length == 4 && scalar < 0x10000);
                if (overlong || (scalar >= 0xD800 && scalar <= 0xDFFF) || scalar > 0x10FFFF)
                {
                    error = "bytes " + i.ToString() + ".." + (i + length - 1).ToString() + " are an overlong form, a surrogate or beyond U+10FFFF";
                    return null;
                }
                if (!IsPrintable(scalar))
                {
                    error = "byte " + i.ToString() + " is the control character U+" + scalar.ToString("X4");
                    return null;
                }
                if (scalar < 0x10000) chars[o++] = (char)scalar;
                else
                {
                    chars[o++] = (char)(0xD800 + ((scalar - 0x10000) >> 10));
                    chars[o++] = (char)(0xDC00 + ((scalar - 0x10000) & 0x3FF));
                }
                i += length;
            }
            error = null;
            return new string(chars, 0, o);
        }

        private static bool IsPrintable(int scalar) => scalar >= 0x20 && scalar != 0x7F && (scalar < 0x80 || scalar > 0x9F);
    }
}
