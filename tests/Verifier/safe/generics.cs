using System;
using System.Collections.Generic;
public interface IShape { double Area { get; } }
public readonly struct Circle : IShape { public Circle(double r) { R = r; } public double R { get; } public double Area => 3.14159 * R * R; }
public sealed class Box<T> where T : IShape { private readonly List<T> _items = new(); public void Add(T item) => _items.Add(item); public double Total() { double t = 0; foreach (T i in _items) t += i.Area; return t; } public T this[int i] => _items[i]; }
// A field read straight off what a generic member returns (List<Cell>'s indexer, Holder<Cell>.Item, First<Cell>):
// T is then an object reference, not an unknown value at whose address a field would be read.
public sealed class Cell { public int Value; }
public sealed class Holder<T> { public T Item; }
public static class Ext { public static int Twice(this int x) => x * 2; }
public class Base { protected virtual int Value() => 1; public int Get() => Value(); }
public class Derived : Base { protected override int Value() => base.Value() + 1; }
public static class Program
{
    static T Max<T>(T a, T b) where T : IComparable<T> => a.CompareTo(b) >= 0 ? a : b;
    static int SumAll(params int[] xs) { int s = 0; foreach (var x in xs) s += x; return s; }
    static ref int Find(int[] a, int i) => ref a[i];
    static int ReadIn(in Circle c) => (int)c.R;
    static T First<T>(List<T> xs) => xs[0];
    public static int Main(string[] args)
    {
        var box = new Box<Circle>();
        box.Add(new Circle(2));
        int m = Max(3, 7) + 5.Twice() + SumAll(1, 2, 3) + new Derived().Get();
        var arr = new[] { 1, 2, 3 };
        Find(arr, 1) = 9;
        Span<string> names = new[] { "a", "b" };
        names[0] = "c";
        ReadOnlySpan<char> chars = "hello".AsSpan();
        (int a, string b) t = (1, "x");
        var map = new Dictionary<int, List<string>> { [1] = new List<string> { "one" } };
        IEnumerable<int> Gen() { yield return 1; yield return 2; }
        int local(int q) => q + m;
        Func<int, Func<int, int>> adder = x => y => x + y;
        var q = new Queue<int>(); q.Enqueue(1);
        var hs = new HashSet<string> { "a" };
        object boxed = 42;
        if (boxed is int n and > 40) m += n;
        string msg = boxed switch { int i when i > 100 => "big", int i => $"int {i:D4}", string s => s, _ => "?" };
        m += ReadIn(new Circle(3));
        var cells = new List<Cell> { new Cell { Value = 4 } };
        m += cells[0].Value + new Holder<Cell> { Item = cells[0] }.Item.Value + First(cells).Value;
        return m + (int)box.Total() + box[0].GetHashCode() % 2 + chars.Length + names.Length + t.a + map[1].Count + local(1) + adder(1)(2) + q.Count + hs.Count + msg.Length;
    }
}
