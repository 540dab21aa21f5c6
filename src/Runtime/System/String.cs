// Strings: UTF-16, immutable, laid out as ilc emits literals (length, then the characters and a terminating NUL).
// New strings come from FastAllocateString; `new string(...)` calls the static Ctor twin of each extern constructor,
// which is ilc's convention for string construction.
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime;
using Internal.Runtime;

namespace System
{
    public sealed partial class String : IComparable, IComparable<string>, IEquatable<string>, IEnumerable<char>
    {
        // ilc's contract: these two fields, in this order.
        private readonly int _stringLength;
        private char _firstChar;

        public static readonly string Empty = "";

        public int Length => _stringLength;

        [IndexerName("Chars")]
        public char this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_stringLength) ThrowHelper.ThrowIndexOutOfRangeException();
                return Unsafe.Add(ref _firstChar, index);
            }
        }

        public ref readonly char GetPinnableReference() => ref _firstChar;

        public CharEnumerator GetEnumerator() => new CharEnumerator(this);

        IEnumerator<char> IEnumerable<char>.GetEnumerator() => new CharEnumerator(this);

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => new CharEnumerator(this);

        internal ref char FirstCharRef => ref _firstChar;

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char[] value);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char[] value, int startIndex, int length);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char c, int count);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(ReadOnlySpan<char> value);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern unsafe String(char* value, int startIndex, int length);

        private static string Ctor(char[] value) => value is null ? Empty : Ctor(new ReadOnlySpan<char>(value));

        private static string Ctor(char[] value, int startIndex, int length) => Ctor(new ReadOnlySpan<char>(value, startIndex, length));

        private static string Ctor(char c, int count)
        {
            if (count < 0) ThrowHelper.ThrowArgumentOutOfRangeException("count");
            if (count == 0) return Empty;
            string result = FastAllocateString(count);
            new Span<char>(ref result._firstChar, count).Fill(c);
            return result;
        }

        private static string Ctor(ReadOnlySpan<char> value)
        {
            if (value.Length == 0) return Empty;
            string result = FastAllocateString(value.Length);
            value.CopyTo(new Span<char>(ref result._firstChar, value.Length));
            return result;
        }

        private static unsafe string Ctor(char* value, int startIndex, int length) => Ctor(new ReadOnlySpan<char>(value + startIndex, length));

        internal static unsafe string FastAllocateString(int length)
            => Unsafe.As<string>(RuntimeExports.NewArrayOrString(MethodTable.Of<string>(), length));

        internal static string FromChar(char c)
        {
            string result = FastAllocateString(1);
            result._firstChar = c;
            return result;
        }

        public static implicit operator ReadOnlySpan<char>(string value) => value.AsSpan();

        internal Span<char> WritableSpan => new Span<char>(ref _firstChar, _stringLength);

        public override string ToString() => this;

        public char[] ToCharArray()
        {
            char[] chars = new char[_stringLength];
            ((ReadOnlySpan<char>)this).CopyTo(chars);
            return chars;
        }

        public void CopyTo(Span<char> destination) => ((ReadOnlySpan<char>)this).CopyTo(destination);

        public static bool IsNullOrEmpty(string value) => value is null || value._stringLength == 0;

        public static bool IsNullOrWhiteSpace(string value)
        {
            if (value is null) return true;
            foreach (char c in value.AsSpan())
                if (!char.IsWhiteSpace(c)) return false;
            return true;
        }

        // Equality is ordinal (or ordinal ignoring case); ordering by culture is the invariant culture's order for
        // ASCII (InvariantAsciiCollation), so that the same code sorts the same way here and on the host CLR.

        public override bool Equals(object obj) => obj is string s && Equals(this, s);

        public bool Equals(string value) => Equals(this, value);

        public bool Equals(string value, StringComparison comparisonType) => Equals(this, value, comparisonType);

        public static bool Equals(string a, string b)
        {
            if ((object)a == b) return true;
            if (a is null || b is null || a._stringLength != b._stringLength) return false;
            return ((ReadOnlySpan<char>)a).SequenceEqual(b);
        }

        public static bool Equals(string a, string b, StringComparison comparisonType)
        {
            if ((object)a == b) return true;
            if (a is null || b is null) return false;
            return ((ReadOnlySpan<char>)a).Equals(b, comparisonType);
        }

        public static bool operator ==(string a, string b) => Equals(a, b);

        public static bool operator !=(string a, string b) => !Equals(a, b);

        // FNV-1a: deterministic, which the kernel prefers to the BCL's per-process randomised hash.
        public override int GetHashCode() => GetHashCodeOrdinal(this);

        internal static int GetHashCodeOrdinal(ReadOnlySpan<char> chars)
        {
            uint hash = 2166136261;
            foreach (char c in chars)
            {
                hash = (hash ^ c) * 16777619;
            }
            return (int)hash;
        }

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is not string text) throw new ArgumentException("Object must be of type String.");
            return Compare(this, text);
        }

        public int CompareTo(string strB) => Compare(this, strB);

        public static int Compare(string strA, string strB) => Compare(strA, strB, StringComparison.CurrentCulture);

        public static int Compare(string strA, string strB, StringComparison comparisonType)
        {
            if ((object)strA == strB) return 0;
            if (strA is null) return -1;
            if (strB is null) return 1;
            return comparisonType switch
            {
                StringComparison.Ordinal => CompareOrdinal(strA, strB),
                StringComparison.OrdinalIgnoreCase => CompareIgnoreCase(strA, strB),
                _ => Globalization.InvariantAsciiCollation.Compare(strA, strB, MemoryExtensions.IgnoresCase(comparisonType)),
            };
        }

        public static int CompareOrdinal(string strA, string strB)
        {
            if ((object)strA == strB) return 0;
            if (strA is null) return -1;
            if (strB is null) return 1;
            return ((ReadOnlySpan<char>)strA).SequenceCompareTo(strB);
        }

        private static int CompareIgnoreCase(string strA, string strB)
        {
            if ((object)strA == strB) return 0;
            if (strA is null) return -1;
            if (strB is null) return 1;
            int n = Math.Min(strA.Length, strB.Length);
            for (int i = 0; i < n; i++)
            {
                int d = char.ToUpper(strA[i]) - char.ToUpper(strB[i]);
                if (d != 0) return d;
            }
            return strA.Length - strB.Length;
        }
    }

    public sealed class CharEnumerator : IEnumerator<char>
    {
        private readonly string _text;
        private int _index = -1;

        internal CharEnumerator(string text) { _text = text; }

        public char Current
        {
            get
            {
                if (_index < 0) ThrowHelper.ThrowInvalidOperationException("Enumeration has not started. Call MoveNext.");
                if (_index >= _text.Length) ThrowHelper.ThrowInvalidOperationException("Enumeration already finished.");
                return _text[_index];
            }
        }

        object System.Collections.IEnumerator.Current => Current;

        public bool MoveNext()
        {
            if (_index < _text.Length) _index++;
            return _index < _text.Length;
        }

        public void Reset() => _index = -1;

        public void Dispose() { }
    }

    public enum StringComparison
    {
        CurrentCulture = 0,
        CurrentCultureIgnoreCase = 1,
        InvariantCulture = 2,
        InvariantCultureIgnoreCase = 3,
        Ordinal = 4,
        OrdinalIgnoreCase = 5,
    }

    [Flags]
    public enum StringSplitOptions
    {
        None = 0,
        RemoveEmptyEntries = 1,
        TrimEntries = 2,
    }
}

namespace System.Reflection
{
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface)]
    public sealed class DefaultMemberAttribute : Attribute
    {
        public DefaultMemberAttribute(string memberName) { MemberName = memberName; }

        public string MemberName { get; }
    }
}
