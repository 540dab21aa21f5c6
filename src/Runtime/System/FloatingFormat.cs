// double.ToString() and float.ToString(): the shortest decimal that reads back as the same value, laid out as the
// BCL's "G" does (the invariant culture's symbols). The digits come from exact arithmetic on the value and the
// half-way points to its neighbours (Steele & White's free-format algorithm, with Burger & Dybvig's set-up): the
// first digits that land between the neighbours' half-way points are the answer. The half-way points themselves
// count when the mantissa is even, because reading rounds a tie to the even mantissa. Allocation-free but for the
// result.
namespace System
{
    internal static unsafe class FloatingFormat
    {
        // Above this many integer digits (or below 1E-04) the text switches to scientific notation; the BCL uses the
        // type's round-trip precision: 17 for double, 9 for float.
        private const int DoubleScientificAbove = 17;
        private const int SingleScientificAbove = 9;

        internal static string Format(double value)
        {
            ulong bits = *(ulong*)&value;
            int biased = (int)(bits >> 52) & 0x7FF;
            ulong fraction = bits & ((1UL << 52) - 1);
            if (biased == 0x7FF) return fraction != 0 ? "NaN" : (long)bits < 0 ? "-Infinity" : "Infinity";
            bool negative = (long)bits < 0;
            if (biased == 0 && fraction == 0) return negative ? "-0" : "0";
            ulong mantissa = biased == 0 ? fraction : fraction | (1UL << 52);
            int exponent = (biased == 0 ? 1 : biased) - 1075;
            bool closerBelow = fraction == 0 && biased > 1;
            return Format(negative, mantissa, exponent, closerBelow, DoubleScientificAbove);
        }

        internal static string Format(float value)
        {
            uint bits = *(uint*)&value;
            int biased = (int)(bits >> 23) & 0xFF;
            uint fraction = bits & ((1U << 23) - 1);
            if (biased == 0xFF) return fraction != 0 ? "NaN" : (int)bits < 0 ? "-Infinity" : "Infinity";
            bool negative = (int)bits < 0;
            if (biased == 0 && fraction == 0) return negative ? "-0" : "0";
            ulong mantissa = biased == 0 ? fraction : fraction | (1U << 23);
            int exponent = (biased == 0 ? 1 : biased) - 150;
            bool closerBelow = fraction == 0 && biased > 1;
            return Format(negative, mantissa, exponent, closerBelow, SingleScientificAbove);
        }

        // value = mantissa * 2^exponent. closerBelow: the value is a power of two, so the neighbour below is half as
        // far away as the one above.
        private static string Format(bool negative, ulong mantissa, int exponent, bool closerBelow, int scientificAbove)
        {
            Span<char> digits = stackalloc char[20];
            int count = ShortestDigits(mantissa, exponent, closerBelow, digits, out int decimalExponent);
            Span<char> text = stackalloc char[40];
            int length = Layout(negative, digits.Slice(0, count), decimalExponent, scientificAbove, text);
            return new string(text.Slice(0, length));
        }

        // The shortest digits d1d2...dn with value ≈ 0.d1d2...dn × 10^decimalExponent.
        private static int ShortestDigits(ulong mantissa, int exponent, bool closerBelow, Span<char> digits, out int decimalExponent)
        {
            // value = r / s; the half-way points to the neighbours are (r - low) / s and (r + high) / s.
            bool even = (mantissa & 1) == 0;
            int reach = even ? 0 : 1;       // a comparison result a point must exceed (or, when even, reach)
            BigNatural r, s, high, low;
            if (exponent >= 0)
            {
                r = BigNatural.From(mantissa);
                r.ShiftLeft(exponent + (closerBelow ? 2 : 1));
                s = BigNatural.From(closerBelow ? 4UL : 2UL);
                high = BigNatural.PowerOfTwo(exponent + (closerBelow ? 1 : 0));
                low = BigNatural.PowerOfTwo(exponent);
            }
            else
            {
                r = BigNatural.From(mantissa);
                r.ShiftLeft(closerBelow ? 2 : 1);
                s = BigNatural.PowerOfTwo((closerBelow ? 2 : 1) - exponent);
                high = BigNatural.From(closerBelow ? 2UL : 1UL);
                low = BigNatural.From(1);
            }

            // Estimate k = ceil(log10(value)) from the position of the top bit (never too high, at most one too low).
            int topBit = exponent + 63 - LeadingZeroCount(mantissa);
            double estimate = topBit * 0.30102999566398114 - 1e-10;
            int k = (int)estimate;
            if (estimate > 0 && k < estimate) k++;
            if (k >= 0)
            {
                s.MultiplyByPowerOfTen(k);
            }
            else
            {
                r.MultiplyByPowerOfTen(-k);
                high.MultiplyByPowerOfTen(-k);
                low.MultiplyByPowerOfTen(-k);
            }
            if (BigNatural.CompareSum(r, high, s) >= reach)
            {
                k++;
                s.Multiply(10);
            }

            int count = 0;
            while (true)
            {
                r.Multiply(10);
                high.Multiply(10);
                low.Multiply(10);
                int digit = 0;
                while (BigNatural.Compare(r, s) >= 0)
                {
                    r.Subtract(s);
                    digit++;
                }
                bool withinLow = BigNatural.Compare(low, r) >= reach;
                bool withinHigh = BigNatural.CompareSum(r, high, s) >= reach;
                if (!withinLow && !withinHigh)
                {
                    digits[count++] = (char)('0' + digit);
                    continue;
                }
                if (withinLow && withinHigh)
                {
                    // Both digit and digit+1 are within reach: take the nearer (the even one on a tie).
                    BigNatural twice = r;
                    twice.Multiply(2);
                    int c = BigNatural.Compare(twice, s);
                    if (c > 0 || (c == 0 && (digit & 1) != 0)) digit++;
                }
                else if (withinHigh)
                {
                    digit++;
                }
                digits[count++] = (char)('0' + digit);
                break;
            }

            // A last digit of 10 carries into the ones before (it cannot with the estimate above, but be safe).
            for (int i = count - 1; i > 0 && digits[i] > '9'; i--)
            {
                digits[i] = '0';
                digits[i - 1]++;
            }
            if (digits[0] > '9')
            {
                digits[0] = '1';
                count = 1;
                k++;
            }
            while (count > 1 && digits[count - 1] == '0') count--;
            decimalExponent = k;
            return count;
        }

        // "123.45", "0.00012", "1.5E+300", "1E-05": plain while the integer digits are at most scientificAbove and the
        // value is at least 1E-04, else one digit before the point and an exponent of at least two digits.
        private static int Layout(bool negative, ReadOnlySpan<char> digits, int decimalExponent, int scientificAbove, Span<char> text)
        {
            int pos = 0;
            if (negative) text[pos++] = '-';
            if (decimalExponent > scientificAbove || decimalExponent < -3)
            {
                text[pos++] = digits[0];
                if (digits.Length > 1)
                {
                    text[pos++] = '.';
                    digits.Slice(1).CopyTo(text.Slice(pos));
                    pos += digits.Length - 1;
                }
                int power = decimalExponent - 1;
                text[pos++] = 'E';
                text[pos++] = power < 0 ? '-' : '+';
                ((uint)(power < 0 ? -power : power)).TryFormat(text.Slice(pos), out int written, "D2");
                return pos + written;
            }
            if (decimalExponent <= 0)
            {
                text[pos++] = '0';
                text[pos++] = '.';
                for (int i = 0; i < -decimalExponent; i++) text[pos++] = '0';
                digits.CopyTo(text.Slice(pos));
                return pos + digits.Length;
            }
            for (int i = 0; i < decimalExponent; i++) text[pos++] = i < digits.Length ? digits[i] : '0';
            if (digits.Length > decimalExponent)
            {
                text[pos++] = '.';
                digits.Slice(decimalExponent).CopyTo(text.Slice(pos));
                pos += digits.Length - decimalExponent;
            }
            return pos;
        }

        private static int LeadingZeroCount(ulong value)
        {
            int count = 0;
            for (ulong bit = 1UL << 63; bit != 0 && (value & bit) == 0; bit >>= 1) count++;
            return count;
        }
    }
}
