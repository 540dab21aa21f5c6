// ushort: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct UInt16 : IComparable, IComparable<ushort>, IEquatable<ushort>, ISpanFormattable
    {
        private readonly ushort m_value;

        public const ushort MinValue = 0;
        public const ushort MaxValue = 65535;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(ushort), false, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(ushort), false, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(ushort), false, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is ushort other && other == m_value;
        public bool Equals(ushort obj) => m_value == obj;
        public override int GetHashCode() => m_value;

        public int CompareTo(ushort value) => m_value - value;   // the difference, as the BCL gives for types narrower than int
        public int CompareTo(object value) => value is null ? 1 : CompareTo((ushort)value);

        public static ushort Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static ushort Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static ushort Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (ushort)NumberParsing.Parse(s, style, ushort.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out ushort result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out ushort result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out ushort result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out ushort result)
        {
            bool ok = NumberParsing.TryParse(s, style, ushort.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (ushort)bits : default;
            return ok;
        }
    }
}
