// Default equality and ordering. ilc replaces Create() with `new` of the right comparer for each T (its contract:
// the comparer class names below), so comparing an int never boxes it.
using System.Runtime.CompilerServices;

namespace System.Collections.Generic
{
    public abstract class EqualityComparer<T> : IEqualityComparer<T>
    {
        public static EqualityComparer<T> Default { [Intrinsic] get; } = Create();

        [Intrinsic]
        private static EqualityComparer<T> Create() => new ObjectEqualityComparer<T>();

        public abstract bool Equals(T x, T y);

        public abstract int GetHashCode(T obj);
    }

    public sealed class GenericEqualityComparer<T> : EqualityComparer<T> where T : IEquatable<T>
    {
        public override bool Equals(T x, T y)
        {
            if (x is not null) return y is not null && x.Equals(y);
            return y is null;
        }

        public override int GetHashCode(T obj) => obj?.GetHashCode() ?? 0;
    }

    public sealed class NullableEqualityComparer<T> : EqualityComparer<T?> where T : struct, IEquatable<T>
    {
        public override bool Equals(T? x, T? y)
            => x.HasValue ? y.HasValue && x.GetValueOrDefault().Equals(y.GetValueOrDefault()) : !y.HasValue;

        public override int GetHashCode(T? obj) => obj.GetHashCode();
    }

    public sealed class ObjectEqualityComparer<T> : EqualityComparer<T>
    {
        public override bool Equals(T x, T y)
        {
            if (x is not null) return y is not null && x.Equals(y);
            return y is null;
        }

        public override int GetHashCode(T obj) => obj?.GetHashCode() ?? 0;
    }

    public sealed class EnumEqualityComparer<T> : EqualityComparer<T> where T : struct, Enum
    {
        public override bool Equals(T x, T y) => Bits(x) == Bits(y);

        public override int GetHashCode(T obj) => Bits(obj).GetHashCode();

        private static ulong Bits(T value) => Unsafe.SizeOf<T>() switch
        {
            1 => Unsafe.As<T, byte>(ref value),
            2 => Unsafe.As<T, ushort>(ref value),
            4 => Unsafe.As<T, uint>(ref value),
            _ => Unsafe.As<T, ulong>(ref value),
        };
    }

    public sealed class StringEqualityComparer : EqualityComparer<string>
    {
        public override bool Equals(string x, string y) => string.Equals(x, y);

        public override int GetHashCode(string obj) => obj?.GetHashCode() ?? 0;
    }

    public abstract class Comparer<T> : IComparer<T>
    {
        public static Comparer<T> Default { [Intrinsic] get; } = Create();

        [Intrinsic]
        private static Comparer<T> Create() => new ObjectComparer<T>();

        public abstract int Compare(T x, T y);
    }

    public sealed class GenericComparer<T> : Comparer<T> where T : IComparable<T>
    {
        public override int Compare(T x, T y)
        {
            if (x is not null) return y is not null ? x.CompareTo(y) : 1;
            return y is not null ? -1 : 0;
        }
    }

    public sealed class NullableComparer<T> : Comparer<T?> where T : struct, IComparable<T>
    {
        public override int Compare(T? x, T? y)
        {
            if (x.HasValue) return y.HasValue ? x.GetValueOrDefault().CompareTo(y.GetValueOrDefault()) : 1;
            return y.HasValue ? -1 : 0;
        }
    }

    public sealed class ObjectComparer<T> : Comparer<T>
    {
        public override int Compare(T x, T y)
        {
            if (x is null) return y is null ? 0 : -1;
            if (y is null) return 1;
            if (x is IComparable<T> generic) return generic.CompareTo(y);
            if (x is IComparable plain) return plain.CompareTo(y);
            ThrowHelper.ThrowArgumentException("At least one object must implement IComparable.", null);
            return 0;
        }
    }

    public sealed class EnumComparer<T> : Comparer<T> where T : struct, Enum
    {
        public override int Compare(T x, T y) => ((Enum)(object)x).CompareTo(y);
    }
}
