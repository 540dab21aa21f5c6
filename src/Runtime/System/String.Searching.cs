// Looking inside strings. Matching is ordinal, or ordinal ignoring case for every *IgnoreCase comparison
// (MemoryExtensions.Equals).
namespace System
{
    public sealed partial class String
    {
        public bool Contains(char value) => IndexOf(value) >= 0;

        public bool Contains(string value)
        {
            if (value is null) ThrowHelper.ThrowArgumentNullException("value");
            return IndexOf(value) >= 0;
        }

        public int IndexOf(char value) => this.AsSpan().IndexOf(value);

        public int IndexOf(char value, int startIndex)
        {
            if ((uint)startIndex > (uint)Length) ThrowHelper.ThrowArgumentOutOfRangeException("startIndex");
            int i = this.AsSpan(startIndex).IndexOf(value);
            return i < 0 ? -1 : i + startIndex;
        }

        public int IndexOf(string value) => IndexOf(value, 0);

        public int IndexOf(string value, int startIndex)
        {
            if (value is null) ThrowHelper.ThrowArgumentNullException("value");
            if ((uint)startIndex > (uint)Length) ThrowHelper.ThrowArgumentOutOfRangeException("startIndex");
            int i = this.AsSpan(startIndex).IndexOf(value.AsSpan());
            return i < 0 ? -1 : i + startIndex;
        }

        public int IndexOf(string value, StringComparison comparisonType)
        {
            if (!MemoryExtensions.IgnoresCase(comparisonType)) return IndexOf(value);
            if (value is null) ThrowHelper.ThrowArgumentNullException("value");
            for (int i = 0; i + value.Length <= Length; i++)
                if (this.AsSpan(i, value.Length).Equals(value, StringComparison.OrdinalIgnoreCase)) return i;
            return -1;
        }

        public int IndexOfAny(char[] anyOf)
        {
            for (int i = 0; i < Length; i++)
                if (Array.IndexOf(anyOf, this[i]) >= 0) return i;
            return -1;
        }

        public int LastIndexOf(char value) => this.AsSpan().LastIndexOf(value);

        public int LastIndexOf(string value)
        {
            for (int i = Length - value.Length; i >= 0; i--)
                if (this.AsSpan(i, value.Length).SequenceEqual(value)) return i;
            return -1;
        }

        public bool StartsWith(char value) => Length != 0 && this[0] == value;

        public bool StartsWith(string value) => StartsWith(value, StringComparison.Ordinal);

        public bool StartsWith(string value, StringComparison comparisonType)
        {
            if (value is null) ThrowHelper.ThrowArgumentNullException("value");
            return value.Length <= Length && this.AsSpan(0, value.Length).Equals(value, comparisonType);
        }

        public bool EndsWith(char value) => Length != 0 && this[Length - 1] == value;

        public bool EndsWith(string value) => EndsWith(value, StringComparison.Ordinal);

        public bool EndsWith(string value, StringComparison comparisonType)
        {
            if (value is null) ThrowHelper.ThrowArgumentNullException("value");
            return value.Length <= Length && this.AsSpan(Length - value.Length).Equals(value, comparisonType);
        }
    }
}
