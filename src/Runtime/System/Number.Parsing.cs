// Integer parsing shared by every integral type: optional white space and sign, decimal or (with
// NumberStyles.AllowHexSpecifier) hex digits, range-checked against the target type.
using System.Globalization;

namespace System
{
    internal static partial class NumberParsing
    {
        internal static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, long min, ulong max, out ulong bits)
        {
            bits = 0;
            if ((style & NumberStyles.AllowLeadingWhite) != 0) s = s.TrimStart();
            if ((style & NumberStyles.AllowTrailingWhite) != 0) s = s.TrimEnd();
            bool hex = (style & NumberStyles.AllowHexSpecifier) != 0;
            bool negative = false;
            if (!hex && (style & NumberStyles.AllowLeadingSign) != 0 && s.Length > 0 && (s[0] == '-' || s[0] == '+'))
            {
                negative = s[0] == '-';
                s = s.Slice(1);
            }
            if (s.Length == 0) return false;

            ulong value = 0;
            ulong radix = hex ? 16UL : 10UL;
            foreach (char c in s)
            {
                int digit = DigitValue(c);
                if (digit < 0 || (ulong)digit >= radix) return false;
                if (value > (ulong.MaxValue - (ulong)digit) / radix) return false;
                value = value * radix + (ulong)digit;
            }

            if (hex)
            {
                // Hex gives the type's bits directly (BCL behaviour: "FF" parses as sbyte -1).
                if (min < 0 ? value > (max << 1 | 1) : value > max) return false;
                bits = value;
                return true;
            }
            if (negative)
            {
                if (value > (ulong)(-(min + 1)) + 1) return false;
                bits = (ulong)(-(long)value);
                return value == 0 || min < 0;
            }
            if (value > max) return false;
            bits = value;
            return true;
        }

        internal static ulong Parse(ReadOnlySpan<char> s, NumberStyles style, long min, ulong max)
        {
            if (!TryParse(s, style, min, max, out ulong bits))
                ThrowHelper.ThrowFormatException("The input string was not in a correct format or was out of range.");
            return bits;
        }

        private static int DigitValue(char c)
        {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        }
    }
}
