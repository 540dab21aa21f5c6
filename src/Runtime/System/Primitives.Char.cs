// char with the ASCII subset of the BCL's classification: the kernel's text is ASCII.
namespace System
{
    public readonly struct Char : IComparable, IComparable<char>, IEquatable<char>, ISpanFormattable
    {
        private readonly char m_value;

        public const char MinValue = (char)0;
        public const char MaxValue = (char)0xFFFF;

        public override string ToString() => string.FromChar(m_value);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString();
        public static string ToString(char c) => string.FromChar(c);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            charsWritten = destination.Length > 0 ? 1 : 0;
            if (charsWritten == 1) destination[0] = m_value;
            return charsWritten == 1;
        }

        public override bool Equals(object obj) => obj is char other && other == m_value;
        public bool Equals(char obj) => m_value == obj;
        public override int GetHashCode() => m_value | (m_value << 16);

        public int CompareTo(char value) => m_value - value;
        public int CompareTo(object value) => value is null ? 1 : CompareTo((char)value);

        public static bool IsDigit(char c) => c >= '0' && c <= '9';
        public static bool IsAsciiDigit(char c) => c >= '0' && c <= '9';
        public static bool IsAsciiHexDigit(char c) => IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        public static bool IsUpper(char c) => c >= 'A' && c <= 'Z';
        public static bool IsLower(char c) => c >= 'a' && c <= 'z';
        public static bool IsLetter(char c) => IsUpper(c) || IsLower(c);
        public static bool IsAsciiLetter(char c) => IsLetter(c);
        public static bool IsLetterOrDigit(char c) => IsLetter(c) || IsDigit(c);
        public static bool IsWhiteSpace(char c) => c == ' ' || (c >= '\t' && c <= '\r') || c == '\u00A0' || c == '\u0085';
        public static bool IsControl(char c) => c < ' ' || (c >= '\u007F' && c < '\u00A0');
        public static bool IsAscii(char c) => c < 0x80;
        public static char ToUpper(char c) => IsLower(c) ? (char)(c - 32) : c;
        public static char ToLower(char c) => IsUpper(c) ? (char)(c + 32) : c;
        public static char ToUpperInvariant(char c) => ToUpper(c);
        public static char ToLowerInvariant(char c) => ToLower(c);
    }
}
