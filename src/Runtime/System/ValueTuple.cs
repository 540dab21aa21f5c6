// Tuples: (a, b) syntax lowers to these.
using System.Collections.Generic;

namespace System
{
    public struct ValueTuple<T1, T2> : IEquatable<(T1, T2)>
    {
        public T1 Item1;
        public T2 Item2;

        public ValueTuple(T1 item1, T2 item2)
        {
            Item1 = item1;
            Item2 = item2;
        }

        public bool Equals((T1, T2) other)
            => EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && EqualityComparer<T2>.Default.Equals(Item2, other.Item2);

        public override bool Equals(object obj) => obj is ValueTuple<T1, T2> other && Equals(other);

        public override int GetHashCode()
            => EqualityComparer<T1>.Default.GetHashCode(Item1) * 31 + EqualityComparer<T2>.Default.GetHashCode(Item2);

        public override string ToString() => "(" + Item1?.ToString() + ", " + Item2?.ToString() + ")";
    }

    public struct ValueTuple<T1, T2, T3> : IEquatable<(T1, T2, T3)>
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;

        public ValueTuple(T1 item1, T2 item2, T3 item3)
        {
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
        }

        public bool Equals((T1, T2, T3) other)
            => EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && EqualityComparer<T2>.Default.Equals(Item2, other.Item2)
               && EqualityComparer<T3>.Default.Equals(Item3, other.Item3);

        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3> other && Equals(other);

        public override int GetHashCode()
            => (EqualityComparer<T1>.Default.GetHashCode(Item1) * 31 + EqualityComparer<T2>.Default.GetHashCode(Item2)) * 31
               + EqualityComparer<T3>.Default.GetHashCode(Item3);

        public override string ToString() => "(" + Item1?.ToString() + ", " + Item2?.ToString() + ", " + Item3?.ToString() + ")";
    }
}
