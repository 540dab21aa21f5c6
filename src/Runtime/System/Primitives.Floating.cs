// float and double. ToString() prints the shortest text that reads back as the same value, as the BCL does
// (FloatingFormat).
namespace System
{
    public readonly struct Double : IComparable, IComparable<double>, IEquatable<double>
    {
        private readonly double m_value;

        public const double MinValue = -1.7976931348623157E+308;
        public const double MaxValue = 1.7976931348623157E+308;
        public const double Epsilon = 4.9406564584124654E-324;
        public const double NaN = 0.0 / 0.0;
        public const double PositiveInfinity = 1.0 / 0.0;
        public const double NegativeInfinity = -1.0 / 0.0;

        public static unsafe bool IsNaN(double d) => (*(ulong*)&d & 0x7FFFFFFFFFFFFFFFUL) > 0x7FF0000000000000UL;
        public static bool IsInfinity(double d) => d == PositiveInfinity || d == NegativeInfinity;
        public static bool IsFinite(double d) => !IsNaN(d) && !IsInfinity(d);

        public override string ToString() => FloatingFormat.Format(m_value);
        public string ToString(IFormatProvider provider) => ToString();

        public override bool Equals(object obj) => obj is double other && Equals(other);
        public bool Equals(double obj) => m_value == obj || (IsNaN(m_value) && IsNaN(obj));
        public override unsafe int GetHashCode()
        {
            double v = m_value == 0 ? 0 : m_value;
            long bits = *(long*)&v;
            return (int)bits ^ (int)(bits >> 32);
        }

        public int CompareTo(double value) => m_value < value ? -1 : m_value > value ? 1 : m_value == value ? 0 : IsNaN(m_value) ? (IsNaN(value) ? 0 : -1) : 1;
        public int CompareTo(object value) => value is null ? 1 : CompareTo((double)value);

        // Helpers ilc calls for conversions the ISA lacks an instruction for.
        internal static ulong ConvertToUInt64(double value) => value >= 9223372036854775808.0 ? (ulong)(long)(value - 9223372036854775808.0) + 0x8000000000000000UL : (ulong)(long)value;
        internal static double ConvertFromUInt64(ulong value) => (long)value >= 0 ? (long)value : (double)(long)(value >> 1 | (value & 1)) * 2.0;
        internal static double ConvertFromInt64(long value) => value;
    }

    public readonly struct Single : IComparable, IComparable<float>, IEquatable<float>
    {
        private readonly float m_value;

        public const float MinValue = -3.40282347E+38f;
        public const float MaxValue = 3.40282347E+38f;
        public const float NaN = 0.0f / 0.0f;
        public const float Epsilon = 1.401298E-45f;

        public static unsafe bool IsNaN(float f) => (*(uint*)&f & 0x7FFFFFFFU) > 0x7F800000U;

        public override string ToString() => FloatingFormat.Format(m_value);
        public string ToString(IFormatProvider provider) => ToString();

        public override bool Equals(object obj) => obj is float other && Equals(other);
        public bool Equals(float obj) => m_value == obj || (IsNaN(m_value) && IsNaN(obj));
        public override unsafe int GetHashCode()
        {
            float v = m_value == 0 ? 0 : m_value;
            return *(int*)&v;
        }

        public int CompareTo(float value) => ((double)m_value).CompareTo(value);
        public int CompareTo(object value) => value is null ? 1 : CompareTo((float)value);
    }
}
