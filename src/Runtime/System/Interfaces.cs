// The small interfaces the BCL's primitive types implement.
namespace System
{
    public interface IComparable
    {
        int CompareTo(object obj);
    }

    public interface IComparable<in T>
    {
        int CompareTo(T other);
    }

    public interface IEquatable<T>
    {
        bool Equals(T other);
    }

    public interface IFormatProvider
    {
        object GetFormat(Type formatType);
    }

    public interface IFormattable
    {
        string ToString(string format, IFormatProvider formatProvider);
    }

    public interface ISpanFormattable : IFormattable
    {
        bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider);
    }

    public interface IDisposable
    {
        void Dispose();
    }

    public interface ICloneable
    {
        object Clone();
    }
}

namespace System.Globalization
{
    [Flags]
    public enum NumberStyles
    {
        None = 0,
        AllowLeadingWhite = 1,
        AllowTrailingWhite = 2,
        AllowLeadingSign = 4,
        Integer = AllowLeadingWhite | AllowTrailingWhite | AllowLeadingSign,
        AllowHexSpecifier = 512,
        HexNumber = AllowLeadingWhite | AllowTrailingWhite | AllowHexSpecifier,
    }
}
