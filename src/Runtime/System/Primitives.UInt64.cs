// ulong: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct UInt64 : IComparable, IComparable<ulong>, IEquatable<ulong>, ISpanFormattable
    {
        private readonly ulong m_value;

        public const ulong MinValue = 0UL;
        public const ulong MaxValue = 18446744073709551615UL;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(ulong), false, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(ulong), false, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(ulong), false, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is ulong other && other == m_value;
        public bool Equals(ulong obj) => m_value == obj;
        public override int GetHashCode() => (int)m_value ^ (int)(m_value >> 32);

        public int CompareTo(ulong value) => m_value < value ? -1 : m_value > value ? 1 : 0;
        public int CompareTo(object value) => value is null ? 1 : CompareTo((ulong)value);

        public static ulong Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static ulong Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static ulong Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (ulong)NumberParsing.Parse(s, style, 0, (ulong)MaxValue);

        public static bool TryParse(string s, out ulong result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out ulong result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out ulong result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out ulong result)
        {
            bool ok = NumberParsing.TryParse(s, style, 0, (ulong)MaxValue, out ulong bits);
            result = ok ? (ulong)bits : default;
            return ok;
        }
    }
}
