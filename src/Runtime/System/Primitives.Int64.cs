// long: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct Int64 : IComparable, IComparable<long>, IEquatable<long>, ISpanFormattable
    {
        private readonly long m_value;

        public const long MinValue = -9223372036854775807L - 1;
        public const long MaxValue = 9223372036854775807L;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(long), true, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(long), true, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(long), true, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is long other && other == m_value;
        public bool Equals(long obj) => m_value == obj;
        public override int GetHashCode() => (int)m_value ^ (int)(m_value >> 32);

        public int CompareTo(long value) => m_value < value ? -1 : m_value > value ? 1 : 0;
        public int CompareTo(object value) => value is null ? 1 : CompareTo((long)value);

        public static long Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static long Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static long Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (long)NumberParsing.Parse(s, style, long.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out long result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out long result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out long result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out long result)
        {
            bool ok = NumberParsing.TryParse(s, style, long.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (long)bits : default;
            return ok;
        }
    }
}
