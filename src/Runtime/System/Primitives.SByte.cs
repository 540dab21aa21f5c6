// sbyte: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct SByte : IComparable, IComparable<sbyte>, IEquatable<sbyte>, ISpanFormattable
    {
        private readonly sbyte m_value;

        public const sbyte MinValue = -128;
        public const sbyte MaxValue = 127;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(sbyte), true, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(sbyte), true, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(sbyte), true, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is sbyte other && other == m_value;
        public bool Equals(sbyte obj) => m_value == obj;
        public override int GetHashCode() => m_value;

        public int CompareTo(sbyte value) => m_value - value;   // the difference, as the BCL gives for types narrower than int
        public int CompareTo(object value) => value is null ? 1 : CompareTo((sbyte)value);

        public static sbyte Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static sbyte Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static sbyte Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (sbyte)NumberParsing.Parse(s, style, sbyte.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out sbyte result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out sbyte result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out sbyte result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out sbyte result)
        {
            bool ok = NumberParsing.TryParse(s, style, sbyte.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (sbyte)bits : default;
            return ok;
        }
    }
}
