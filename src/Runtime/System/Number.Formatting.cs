// Integer formatting for every integral type: "D"[n] (decimal, n = minimum digits), "G"[n] (decimal, or n significant
// digits in scientific notation when the number has more) and "X"/"x"[n] (hex of the type's two's-complement bits). Allocation-free into a span; the string overloads allocate only the result.
namespace System
{
    internal static class Number
    {
        // Longest output: 20 decimal digits of ulong.MaxValue + sign, or a requested precision up to 99.
        private const int MaxIntegerChars = 100;

        internal static string FormatInteger(ulong bits, int byteSize, bool isSigned, string format)
        {
            Span<char> buffer = stackalloc char[MaxIntegerChars];
            if (!TryFormatInteger(bits, byteSize, isSigned, format, buffer, out int written))
                ThrowHelper.ThrowFormatException("Format specifier was invalid.");
            return new string(buffer.Slice(0, written));
        }

        internal static bool TryFormatInteger(ulong bits, int byteSize, bool isSigned, ReadOnlySpan<char> format,
            Span<char> destination, out int charsWritten)
        {
            charsWritten = 0;
            char kind = format.Length == 0 ? 'G' : format[0];
            int precision = 0;
            if (format.Length > 1 && !TryParsePrecision(format.Slice(1), out precision))
                ThrowHelper.ThrowFormatException("Format specifier was invalid.");

            switch (kind)
            {
                case 'G': case 'g': case 'D': case 'd':
                    {
                        bool negative = isSigned && SignExtend(bits, byteSize) < 0;
                        ulong magnitude = negative ? (ulong)(-SignExtend(bits, byteSize)) : bits;
                        if (kind is 'G' or 'g')
                        {
                            if (precision != 0 && precision < CountDecimalDigits(magnitude))
                                return TryFormatScientific(magnitude, negative, precision, kind == 'G' ? 'E' : 'e', destination, out charsWritten);
                            precision = 0;
                        }
                        return TryFormatDecimal(magnitude, negative, precision, destination, out charsWritten);
                    }
                case 'X': case 'x':
                    {
                        ulong masked = byteSize == 8 ? bits : bits & ((1UL << (byteSize * 8)) - 1);
                        return TryFormatHex(masked, kind == 'X', precision, destination, out charsWritten);
                    }
                default:
                    ThrowHelper.ThrowFormatException("Format specifier was invalid.");
                    return false;
            }
        }

        private static long SignExtend(ulong bits, int byteSize) => byteSize switch
        {
            1 => (sbyte)bits,
            2 => (short)bits,
            4 => (int)bits,
            _ => (long)bits,
        };

        private static bool TryParsePrecision(ReadOnlySpan<char> digits, out int precision)
        {
            precision = 0;
            if (digits.Length > 2) return false;
            foreach (char c in digits)
            {
                if (c < '0' || c > '9') return false;
                precision = precision * 10 + (c - '0');
            }
            return true;
        }

        private static bool TryFormatDecimal(ulong magnitude, bool negative, int minDigits, Span<char> destination, out int charsWritten)
        {
            int digits = CountDecimalDigits(magnitude);
            if (digits < minDigits) digits = minDigits;
            int length = digits + (negative ? 1 : 0);
            if (length > destination.Length)
            {
                charsWritten = 0;
                return false;
            }
            int pos = length;
            do
            {
                ulong q = magnitude / 10;
                destination[--pos] = (char)('0' + (int)(magnitude - q * 10));
                magnitude = q;
            } while (magnitude != 0);
            while (pos > (negative ? 1 : 0)) destination[--pos] = '0';
            if (negative) destination[0] = '-';
            charsWritten = length;
            return true;
        }

        // "G"n for an integer with more than n digits: n significant digits rounded half away from zero, trailing
        // zeros dropped, then the exponent with a sign and at least two digits ("1.23E+05").
        private static bool TryFormatScientific(ulong magnitude, bool negative, int significant, char exponentChar, Span<char> destination, out int charsWritten)
        {
            charsWritten = 0;
            Span<char> digits = stackalloc char[20];
            TryFormatDecimal(magnitude, false, 0, digits, out int count);
            int exponent = count - 1;
            bool roundUp = digits[significant] >= '5';
            int kept = significant;
            if (roundUp)
            {
                int i = significant - 1;
                while (i >= 0 && digits[i] == '9') digits[i--] = '0';
                if (i >= 0)
                {
                    digits[i]++;
                }
                else
                {
                    digits[0] = '1';
                    exponent++;
                }
            }
            while (kept > 1 && digits[kept - 1] == '0') kept--;

            Span<char> exponentDigits = stackalloc char[4];
            TryFormatDecimal((ulong)exponent, false, 2, exponentDigits, out int exponentLength);
            int length = (negative ? 1 : 0) + 1 + (kept > 1 ? kept : 0) + 2 + exponentLength;
            if (length > destination.Length) return false;
            int pos = 0;
            if (negative) destination[pos++] = '-';
            destination[pos++] = digits[0];
            if (kept > 1)
            {
                destination[pos++] = '.';
                digits.Slice(1, kept - 1).CopyTo(destination.Slice(pos));
                pos += kept - 1;
            }
            destination[pos++] = exponentChar;
            destination[pos++] = '+';
            exponentDigits.Slice(0, exponentLength).CopyTo(destination.Slice(pos));
            charsWritten = pos + exponentLength;
            return true;
        }

        private static bool TryFormatHex(ulong value, bool upper, int minDigits, Span<char> destination, out int charsWritten)
        {
            int digits = 1;
            for (ulong v = value >> 4; v != 0; v >>= 4) digits++;
            if (digits < minDigits) digits = minDigits;
            if (digits > destination.Length)
            {
                charsWritten = 0;
                return false;
            }
            char ten = upper ? 'A' : 'a';
            for (int pos = digits - 1; pos >= 0; pos--)
            {
                int nibble = (int)(value & 0xF);
                destination[pos] = (char)(nibble < 10 ? '0' + nibble : ten + nibble - 10);
                value >>= 4;
            }
            charsWritten = digits;
            return true;
        }

        private static int CountDecimalDigits(ulong value)
        {
            int digits = 1;
            while (value >= 10)
            {
                value /= 10;
                digits++;
            }
            return digits;
        }
    }
}
