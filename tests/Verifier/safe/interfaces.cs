// Interfaces: generic ones, variance, constrained calls on value types, explicit implementations.
// (Helios.Runtime does not support static abstract interface members yet.)
using System;
using System.Collections;
using System.Collections.Generic;

public interface IAddable<TSelf> where TSelf : IAddable<TSelf>
{
    TSelf Add(TSelf other);
}

public readonly struct Money : IAddable<Money>, IComparable<Money>
{
    public Money(long cents) { Cents = cents; }
    public long Cents { get; }
    public static Money Zero => new Money(0);
    public Money Add(Money other) => new Money(Cents + other.Cents);
    public int CompareTo(Money other) => Cents.CompareTo(other.Cents);
}

public sealed class Range3 : IEnumerable<int>
{
    public IEnumerator<int> GetEnumerator() { yield return 1; yield return 2; yield return 3; }
    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}

public static class Program
{
    private static T Total<T>(IEnumerable<T> items, T zero) where T : IAddable<T>
    {
        T sum = zero;
        foreach (T item in items) sum = sum.Add(item);
        return sum;
    }

    private static T Largest<T>(T a, T b) where T : IComparable<T> => a.CompareTo(b) >= 0 ? a : b;

    public static int Main()
    {
        Money total = Total(new List<Money> { new Money(150), new Money(250) }, Money.Zero);
        IEnumerable<object> objects = new List<string> { "covariant" };
        int count = 0;
        foreach (object o in objects) count += o is string ? 1 : 0;
        foreach (int n in new Range3()) count += n;
        return (int)Largest(total, Money.Zero).Cents + count;
    }
}
