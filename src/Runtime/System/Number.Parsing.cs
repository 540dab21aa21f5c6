// Integer parsing shared by every integral type: optional white space and sign, decimal or (with
// NumberStyles.AllowHexSpecifier) hex digits, range-checked against the target type. Text that is not a number is a
// FormatException; a number outside the type's range an OverflowException (as in the BCL).
using System.Globalization;

namespace System
{
    internal static partial class NumberParsing
    {
        private enum Status
        {
            Ok,
            Malformed,
            OutOfRange,
        }

        internal static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, long min, ulong max, out ulong bits)
            => Parse(s, style, min, max, out bits) == Status.Ok;

        internal static ulong Parse(ReadOnlySpan<char> s, NumberStyles style, long min, ulong max)
        {
            Status status = Parse(s, style, min, max, out ulong bits);
            if (status == Status.Malformed) ThrowHelper.ThrowFormatException("The input string was not in a correct format.");
            if (status == Status.OutOfRange) ThrowHelper.ThrowOverflowException("Value was either too large or too small for " + TypeName(max) + ".");
            return bits;
        }

        private static Status Parse(ReadOnlySpan<char> s, NumberStyles style, long min, ulong max, out ulong bits)
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
            if (s.Length == 0) return Status.Malformed;

            // Every character must be a digit before the value's size matters: "99999999999x" is malformed.
            ulong value = 0;
            ulong radix = hex ? 16UL : 10UL;
            bool tooLarge = false;
            foreach (char c in s)
            {
                int digit = DigitValue(c);
                if (digit < 0 || (ulong)digit >= radix) return Status.Malformed;
                if (tooLarge || value > (ulong.MaxValue - (ulong)digit) / radix) tooLarge = true;
                else value = value * radix + (ulong)digit;
            }
            if (tooLarge) return Status.OutOfRange;

            if (hex)
            {
                // Hex gives the type's bits directly (BCL behaviour: "FF" parses as sbyte -1).
                if (min < 0 ? value > (max << 1 | 1) : value > max) return Status.OutOfRange;
                bits = value;
                return Status.Ok;
            }
            if (negative)
            {
                if (value == 0) return Status.Ok;
                if (min >= 0 || value > (ulong)(-(min + 1)) + 1) return Status.OutOfRange;
                bits = (ulong)(-(long)value);
                return Status.Ok;
            }
            if (value > max) return Status.OutOfRange;
            bits = value;
            return Status.Ok;
        }

        // The integral type, from its maximum (the BCL's message names it).
        private static string TypeName(ulong max) => max switch
        {
            0x7F => "an SByte",
            0xFF => "a Byte",
            0x7FFF => "an Int16",
            0xFFFF => "a UInt16",
            0x7FFFFFFF => "an Int32",
            0xFFFFFFFF => "a UInt32",
            0x7FFFFFFFFFFFFFFF => "an Int64",
            _ => "a UInt64",
        };

        private static int DigitValue(char c)
        {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        }
    }
}
