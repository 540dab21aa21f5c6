// Span helpers with the BCL's names and shapes.
using System.Runtime.CompilerServices;

namespace System
{
    public static class MemoryExtensions
    {
        // C# 14 converts string to ReadOnlySpan<char> through this method, so it must not use that conversion itself.
        public static ReadOnlySpan<char> AsSpan(this string text)
            => text is null ? default : new ReadOnlySpan<char>(ref text.FirstCharRef, text.Length);

        public static ReadOnlySpan<char> AsSpan(this string text, int start) => text.AsSpan().Slice(start);

        public static ReadOnlySpan<char> AsSpan(this string text, int start, int length) => text.AsSpan().Slice(start, length);

        public static Span<T> AsSpan<T>(this T[] array) => new Span<T>(array);

        public static Span<T> AsSpan<T>(this T[] array, int start) => new Span<T>(array, start, array.Length - start);

        public static Span<T> AsSpan<T>(this T[] array, int start, int length) => new Span<T>(array, start, length);

        public static bool SequenceEqual<T>(this Span<T> span, ReadOnlySpan<T> other) where T : IEquatable<T>
            => SequenceEqual((ReadOnlySpan<T>)span, other);

        public static bool SequenceEqual<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other) where T : IEquatable<T>
        {
            if (span.Length != other.Length) return false;
            for (int i = 0; i < span.Length; i++)
                if (!span[i].Equals(other[i])) return false;
            return true;
        }

        public static int SequenceCompareTo<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other) where T : IComparable<T>
        {
            int n = Math.Min(span.Length, other.Length);
            for (int i = 0; i < n; i++)
            {
                int c = span[i].CompareTo(other[i]);
                if (c != 0) return c;
            }
            return span.Length.CompareTo(other.Length);
        }

        public static int IndexOf<T>(this Span<T> span, T value) where T : IEquatable<T> => IndexOf((ReadOnlySpan<T>)span, value);

        public static int IndexOf<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (span[i].Equals(value)) return i;
            return -1;
        }

        public static int IndexOf<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) where T : IEquatable<T>
        {
            for (int i = 0; i + value.Length <= span.Length; i++)
                if (span.Slice(i, value.Length).SequenceEqual(value)) return i;
            return -1;
        }

        public static int LastIndexOf<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T>
        {
            for (int i = span.Length - 1; i >= 0; i--)
                if (span[i].Equals(value)) return i;
            return -1;
        }

        public static bool Contains<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T> => IndexOf(span, value) >= 0;

        public static bool Contains<T>(this Span<T> span, T value) where T : IEquatable<T> => IndexOf((ReadOnlySpan<T>)span, value) >= 0;

        public static bool StartsWith<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) where T : IEquatable<T>
            => value.Length <= span.Length && span.Slice(0, value.Length).SequenceEqual(value);

        public static bool EndsWith<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) where T : IEquatable<T>
            => value.Length <= span.Length && span.Slice(span.Length - value.Length).SequenceEqual(value);

        // Every *IgnoreCase comparison is OrdinalIgnoreCase and every other one Ordinal: the runtime carries no culture
        // data, and for ASCII text without control characters culture-sensitive equality agrees (docs/runtime.md).
        public static bool Equals(this ReadOnlySpan<char> span, ReadOnlySpan<char> other, StringComparison comparisonType)
        {
            if (!IgnoresCase(comparisonType)) return span.SequenceEqual(other);
            if (span.Length != other.Length) return false;
            for (int i = 0; i < span.Length; i++)
                if (char.ToUpper(span[i]) != char.ToUpper(other[i])) return false;
            return true;
        }

        internal static bool IgnoresCase(StringComparison comparisonType)
            => comparisonType is StringComparison.OrdinalIgnoreCase or StringComparison.CurrentCultureIgnoreCase
                or StringComparison.InvariantCultureIgnoreCase;

        public static bool StartsWith(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType)
            => value.Length <= span.Length && span.Slice(0, value.Length).Equals(value, comparisonType);

        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span) => span.TrimStart().TrimEnd();

        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span)
        {
            int start = 0;
            while (start < span.Length && char.IsWhiteSpace(span[start])) start++;
            return span.Slice(start);
        }

        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span)
        {
            int end = span.Length;
            while (end > 0 && char.IsWhiteSpace(span[end - 1])) end--;
            return span.Slice(0, end);
        }

        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span, char trimChar) => span.TrimStart(trimChar).TrimEnd(trimChar);

        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span, char trimChar)
        {
            int start = 0;
            while (start < span.Length && span[start] == trimChar) start++;
            return span.Slice(start);
        }

        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span, char trimChar)
        {
            int end = span.Length;
            while (end > 0 && span[end - 1] == trimChar) end--;
            return span.Slice(0, end);
        }

        public static void Reverse<T>(this Span<T> span)
        {
            for (int i = 0, j = span.Length - 1; i < j; i++, j--)
            {
                T t = span[i];
                span[i] = span[j];
                span[j] = t;
            }
        }
    }
}
