// Generics over value types (specialised code) and reference types (shared code), generic methods, constraints and
// per-instantiation statics.
using System;
using System.Collections.Generic;
using Helios.Testing;

namespace Helios.Kernel.Tests.Runtime
{
    internal struct Pair<TFirst, TSecond>
    {
        public TFirst First;
        public TSecond Second;

        public Pair(TFirst first, TSecond second)
        {
            First = first;
            Second = second;
        }

        public Pair<TSecond, TFirst> Swap() => new Pair<TSecond, TFirst>(Second, First);
    }

    internal static class PerType<T>
    {
        public static int Count;
    }

    internal readonly struct Money : IEquatable<Money>, IComparable<Money>
    {
        public Money(long cents) { Cents = cents; }

        public long Cents { get; }

        public bool Equals(Money other) => Cents == other.Cents;

        public override bool Equals(object obj) => obj is Money other && Equals(other);

        public override int GetHashCode() => Cents.GetHashCode();

        public int CompareTo(Money other) => Cents.CompareTo(other.Cents);
    }

    internal static class GenericsTests
    {
        private static T Largest<T>(T[] items) where T : IComparable<T>
        {
            T best = items[0];
            foreach (T item in items)
                if (item.CompareTo(best) > 0) best = item;
            return best;
        }

        private static int CountMatches<T>(List<T> items, T value)
        {
            int count = 0;
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            foreach (T item in items)
                if (comparer.Equals(item, value)) count++;
            return count;
        }

        [Test]
        public static void GenericStructsOverValueAndReferenceTypes()
        {
            var p = new Pair<int, string>(7, "seven");
            Pair<string, int> q = p.Swap();
            Assert.Equal("seven", q.First);
            Assert.Equal(7, q.Second);
            var r = new Pair<long, double>(long.MaxValue, 0.5);
            Assert.Equal(long.MaxValue, r.Swap().Second);
        }

        [Test]
        public static void GenericMethodsWithConstraints()
        {
            Assert.Equal(9, Largest(new[] { 3, 9, 1 }));
            Assert.Equal("pear", Largest(new[] { "apple", "pear", "fig" }));
            Assert.Equal(500L, Largest(new[] { new Money(5), new Money(500), new Money(-7) }).Cents);
        }

        [Test]
        public static void EqualityComparerDefault()
        {
            Assert.Equal(2, CountMatches(new List<int> { 1, 2, 1 }, 1));
            Assert.Equal(1, CountMatches(new List<string> { "a", "b", null }, null));
            Assert.Equal(2, CountMatches(new List<Money> { new Money(1), new Money(1), new Money(2) }, new Money(1)));
            Assert.Equal(1, CountMatches(new List<DayOfWeekLike> { DayOfWeekLike.Monday, DayOfWeekLike.Friday }, DayOfWeekLike.Friday));
        }

        [Test]
        public static void StaticsPerInstantiation()
        {
            PerType<int>.Count += 1;
            PerType<string>.Count += 10;
            PerType<int>.Count += 1;
            Assert.Equal(2, PerType<int>.Count);
            Assert.Equal(10, PerType<string>.Count);
            Assert.Equal(0, PerType<Money>.Count);
        }
    }

    internal enum DayOfWeekLike
    {
        Monday,
        Friday,
    }
}
