// uint: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct UInt32 : IComparable, IComparable<uint>, IEquatable<uint>, ISpanFormattable
    {
        private readonly uint m_value;

        public const uint MinValue = 0U;
        public const uint MaxValue = 4294967295U;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(uint), false, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(uint), false, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(uint), false, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is uint other && other == m_value;
        public bool Equals(uint obj) => m_value == obj;
        public override int GetHashCode() => (int)m_value;

        public int CompareTo(uint value) => m_value < value ? -1 : m_value > value ? 1 : 0;
        public int CompareTo(object value) => value is null ? 1 : CompareTo((uint)value);

        public static uint Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static uint Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static uint Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (uint)NumberParsing.Parse(s, style, uint.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out uint result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out uint result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out uint result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out uint result)
        {
            bool ok = NumberParsing.TryParse(s, style, uint.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (uint)bits : default;
            return ok;
        }
    }
}
