// byte: a thin shell over Number (formatting) and NumberParsing; behaviour follows the BCL.
using System.Globalization;

namespace System
{
    public readonly struct Byte : IComparable, IComparable<byte>, IEquatable<byte>, ISpanFormattable
    {
        private readonly byte m_value;

        public const byte MinValue = 0;
        public const byte MaxValue = 255;

        public override string ToString() => Number.FormatInteger((ulong)m_value, sizeof(byte), false, null);
        public string ToString(string format) => Number.FormatInteger((ulong)m_value, sizeof(byte), false, format);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString(format);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => Number.TryFormatInteger((ulong)m_value, sizeof(byte), false, format, destination, out charsWritten);

        public override bool Equals(object obj) => obj is byte other && other == m_value;
        public bool Equals(byte obj) => m_value == obj;
        public override int GetHashCode() => m_value;

        public int CompareTo(byte value) => m_value - value;   // the difference, as the BCL gives for types narrower than int
        public int CompareTo(object value) => value is null ? 1 : CompareTo((byte)value);

        public static byte Parse(string s) => Parse(s.AsSpan(), NumberStyles.Integer);
        public static byte Parse(string s, NumberStyles style) => Parse(s.AsSpan(), style);
        public static byte Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
            => (byte)NumberParsing.Parse(s, style, byte.MinValue, (ulong)MaxValue);

        public static bool TryParse(string s, out byte result) => TryParse(s.AsSpan(), NumberStyles.Integer, null, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out byte result) => TryParse(s, NumberStyles.Integer, null, out result);
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out byte result)
            => TryParse(s.AsSpan(), style, provider, out result);
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out byte result)
        {
            bool ok = NumberParsing.TryParse(s, style, byte.MinValue, (ulong)MaxValue, out ulong bits);
            result = ok ? (byte)bits : default;
            return ok;
        }
    }
}
