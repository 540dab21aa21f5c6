// short: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct Int16 : IComparable, IComparable<short>, IEquatable<short>, ISpanFormattable
    {
        private readonly short m_value;

        public const short MinValue = -32768;
        public const short MaxValue = 32767;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(short), true, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(short), true, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(short), true, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is short other && other == m_value;
        public bool Equals(short obj) => m_value == obj;
        public override int GetHashCode() => m_value;

        public int CompareTo(short value) => m_value - value;   // the difference, as the BCL gives for types narrower than int
        public int CompareTo(object value) => value is null ? 1 : CompareTo((short)value);

        public static short Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static short Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static short Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (short)NumberParsing.Parse(s, style, short.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out short result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out short result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out short result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out short result)
        {
            bool ok = NumberParsing.TryParse(s, style, short.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (short)bits : default;
            return ok;
        }
    }
}
