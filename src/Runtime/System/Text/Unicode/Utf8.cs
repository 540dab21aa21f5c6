// UTF-8 to and from UTF-16, in the BCL's shape (System.Text.Unicode.Utf8): pipes carry bytes, strings are UTF-16.
// Both directions stop before a sequence split across the end of the source when isFinalBlock is false, so a
// stream converts buffer by buffer; invalid input becomes U+FFFD (replaceInvalidSequences false is not supported).
using System.Buffers;

namespace System.Text.Unicode
{
    public static class Utf8
    {
        private const char Replacement = '\uFFFD';

        public static OperationStatus ToUtf16(ReadOnlySpan<byte> source, Span<char> destination, out int bytesRead,
            out int charsWritten, bool replaceInvalidSequences = true, bool isFinalBlock = true)
        {
            int i = 0, o = 0;
            OperationStatus status = OperationStatus.Done;
            while (i < source.Length)
            {
                byte b = source[i];
                if (b < 0x80)
                {
                    if (o == destination.Length) { status = OperationStatus.DestinationTooSmall; break; }
                    destination[o++] = (char)b;
                    i++;
                    continue;
                }
                int length = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
                int valid = length == 0 ? 0 : ValidPrefix(source.Slice(i), length);
                if (length != 0 && valid == length)
                {
                    int scalar = length == 2 ? ((b & 0x1F) << 6) | (source[i + 1] & 0x3F)
                        : length == 3 ? ((b & 0x0F) << 12) | ((source[i + 1] & 0x3F) << 6) | (source[i + 2] & 0x3F)
                        : ((b & 0x07) << 18) | ((source[i + 1] & 0x3F) << 12) | ((source[i + 2] & 0x3F) << 6) | (source[i + 3] & 0x3F);
                    int needed = scalar > 0xFFFF ? 2 : 1;
                    if (destination.Length - o < needed) { status = OperationStatus.DestinationTooSmall; break; }
                    if (needed == 1) destination[o++] = (char)scalar;
                    else
                    {
                        scalar -= 0x10000;
                        destination[o++] = (char)(0xD800 + (scalar >> 10));
                        destination[o++] = (char)(0xDC00 + (scalar & 0x3FF));
                    }
                    i += length;
                    continue;
                }
                // A valid start cut off by the end of this block: the rest comes with the next one.
                if (length != 0 && i + valid == source.Length && !isFinalBlock) { status = OperationStatus.NeedMoreData; break; }
                if (o == destination.Length) { status = OperationStatus.DestinationTooSmall; break; }
                destination[o++] = Replacement;
                i += valid == 0 ? 1 : valid;    // the longest valid prefix is one replacement (as the BCL does)
            }
            bytesRead = i;
            charsWritten = o;
            return status;
        }

        // How many bytes from the start of s make a valid prefix of a sequence of length bytes (at most length).
        private static int ValidPrefix(ReadOnlySpan<byte> s, int length)
        {
            int n = 1;
            while (n < length && n < s.Length)
            {
                byte c = s[n];
                if ((c & 0xC0) != 0x80) break;
                if (n == 1)
                {
                    // No overlong forms, no surrogates, nothing above U+10FFFF.
                    byte lead = s[0];
                    if (lead == 0xE0 && c < 0xA0) break;
                    if (lead == 0xED && c > 0x9F) break;
                    if (lead == 0xF0 && c < 0x90) break;
                    if (lead == 0xF4 && c > 0x8F) break;
                }
                n++;
            }
            return n;
        }

        public static OperationStatus FromUtf16(ReadOnlySpan<char> source, Span<byte> destination, out int charsRead,
            out int bytesWritten, bool replaceInvalidSequences = true, bool isFinalBlock = true)
        {
            int i = 0, o = 0;
            OperationStatus status = OperationStatus.Done;
            while (i < source.Length)
            {
                int scalar = source[i];
                int consumed = 1;
                if (scalar >= 0xD800 && scalar <= 0xDFFF)
                {
                    if (scalar <= 0xDBFF && i + 1 < source.Length && source[i + 1] >= 0xDC00 && source[i + 1] <= 0xDFFF)
                    {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (source[i + 1] - 0xDC00);
                        consumed = 2;
                    }
                    else if (scalar <= 0xDBFF && i + 1 == source.Length && !isFinalBlock)
                    {
                        status = OperationStatus.NeedMoreData;
                        break;
                    }
                    else scalar = Replacement;
                }
                int needed = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4;
                if (destination.Length - o < needed) { status = OperationStatus.DestinationTooSmall; break; }
                switch (needed)
                {
                    case 1:
                        destination[o++] = (byte)scalar;
                        break;
                    case 2:
                        destination[o++] = (byte)(0xC0 | (scalar >> 6));
                        destination[o++] = (byte)(0x80 | (scalar & 0x3F));
                        break;
                    case 3:
                        destination[o++] = (byte)(0xE0 | (scalar >> 12));
                        destination[o++] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                        destination[o++] = (byte)(0x80 | (scalar & 0x3F));
                        break;
                    default:
                        destination[o++] = (byte)(0xF0 | (scalar >> 18));
                        destination[o++] = (byte)(0x80 | ((scalar >> 12) & 0x3F));
                        destination[o++] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                        destination[o++] = (byte)(0x80 | (scalar & 0x3F));
                        break;
                }
                i += consumed;
            }
            charsRead = i;
            bytesWritten = o;
            return status;
        }
    }
}
