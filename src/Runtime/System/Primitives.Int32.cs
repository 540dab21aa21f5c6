// int: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct Int32 : IComparable, IComparable<int>, IEquatable<int>, ISpanFormattable
    {
        private readonly int m_value;

        public const int MinValue = -2147483647 - 1;
        public const int MaxValue = 2147483647;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(int), true, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(int), true, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(int), true, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is int other && other == m_value;
        public bool Equals(int obj) => m_value == obj;
        public override int GetHashCode() => m_value;

        public int CompareTo(int value) => m_value < value ? -1 : m_value > value ? 1 : 0;
        public int CompareTo(object value) => value is null ? 1 : CompareTo((int)value);

        public static int Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static int Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static int Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (int)NumberParsing.Parse(s, style, int.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out int result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out int result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out int result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out int result)
        {
            bool ok = NumberParsing.TryParse(s, style, int.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (int)bits : default;
            return ok;
        }
    }
}
