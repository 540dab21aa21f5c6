// nint and nuint. With RuntimeFeature.NumericIntPtr the C# compiler gives them full arithmetic; these types add the
// BCL members.
namespace System
{
    public readonly unsafe struct IntPtr : IEquatable<nint>, IComparable<nint>, IComparable, ISpanFormattable
    {
        private readonly void* _value;

        public static readonly nint Zero = 0;

        public IntPtr(int value) { _value = (void*)value; }
        public IntPtr(long value) { _value = (void*)value; }
        public IntPtr(void* value) { _value = value; }

        public static int Size => sizeof(nint);
        public static nint MaxValue => unchecked((nint)long.MaxValue);
        public static nint MinValue => unchecked((nint)long.MinValue);

        public void* ToPointer() => _value;
        public int ToInt32() => (int)(nint)_value;
        public long ToInt64() => (nint)_value;

        public override bool Equals(object obj) => obj is nint other && other == (nint)_value;
        public bool Equals(nint other) => (nint)_value == other;
        public override int GetHashCode() => ((long)(nint)_value).GetHashCode();
        public int CompareTo(nint value) => ((long)(nint)_value).CompareTo(value);
        public int CompareTo(object value) => value is null ? 1 : CompareTo((nint)value);

        public override string ToString() => ((long)(nint)_value).ToString();
        public string ToString(string format) => ((long)(nint)_value).ToString(format);
        public string ToString(string format, IFormatProvider provider) => ToString(format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => ((long)(nint)_value).TryFormat(destination, out charsWritten, format, provider);
    }

    public readonly unsafe struct UIntPtr : IEquatable<nuint>, IComparable<nuint>, IComparable, ISpanFormattable
    {
        private readonly void* _value;

        public static readonly nuint Zero = 0;

        public UIntPtr(uint value) { _value = (void*)value; }
        public UIntPtr(ulong value) { _value = (void*)value; }
        public UIntPtr(void* value) { _value = value; }

        public static int Size => sizeof(nuint);
        public static nuint MaxValue => unchecked((nuint)ulong.MaxValue);
        public static nuint MinValue => 0;

        public void* ToPointer() => _value;
        public uint ToUInt32() => (uint)(nuint)_value;
        public ulong ToUInt64() => (nuint)_value;

        public override bool Equals(object obj) => obj is nuint other && other == (nuint)_value;
        public bool Equals(nuint other) => (nuint)_value == other;
        public override int GetHashCode() => ((ulong)(nuint)_value).GetHashCode();
        public int CompareTo(nuint value) => ((ulong)(nuint)_value).CompareTo(value);
        public int CompareTo(object value) => value is null ? 1 : CompareTo((nuint)value);

        public override string ToString() => ((ulong)(nuint)_value).ToString();
        public string ToString(string format) => ((ulong)(nuint)_value).ToString(format);
        public string ToString(string format, IFormatProvider provider) => ToString(format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
            => ((ulong)(nuint)_value).TryFormat(destination, out charsWritten, format, provider);
    }
}
