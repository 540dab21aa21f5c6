namespace System
{
    public readonly struct Boolean : IComparable, IComparable<bool>, IEquatable<bool>
    {
        private readonly bool m_value;

        public static readonly string TrueString = "True";
        public static readonly string FalseString = "False";

        public override string ToString() => m_value ? "True" : "False";
        public string ToString(IFormatProvider provider) => ToString();

        public override bool Equals(object obj) => obj is bool other && other == m_value;
        public bool Equals(bool obj) => m_value == obj;
        public override int GetHashCode() => m_value ? 1 : 0;

        public int CompareTo(bool value) => m_value == value ? 0 : m_value ? 1 : -1;
        public int CompareTo(object obj) => obj is null ? 1 : CompareTo((bool)obj);

        public static bool Parse(string value)
        {
            if (!TryParse(value, out bool result))
                ThrowHelper.ThrowFormatException("String was not recognized as a valid Boolean.");
            return result;
        }

        public static bool TryParse(string value, out bool result) => TryParse(value.AsSpan(), out result);

        public static bool TryParse(ReadOnlySpan<char> value, out bool result)
        {
            value = value.Trim();
            result = value.Equals("True", StringComparison.OrdinalIgnoreCase);
            return result || value.Equals("False", StringComparison.OrdinalIgnoreCase);
        }
    }
}
