using System;
using System.Collections.Generic;
public struct Point { public int X, Y; public Point(int x, int y) { X = x; Y = y; } public override string ToString() => $"({X}, {Y})"; }
public record class Shape(string Name);
public interface IAnimal { string Speak(); }
public sealed class Dog : IAnimal { public string Speak() => "woof"; }
public enum Color : byte { Red, Green, Blue }
public static class Program
{
    public static int Main(string[] args)
    {
        var list = new List<int> { 1, 2, 3 };
        int sum = 0;
        foreach (int x in list) sum += x;
        Func<int, int> square = v => v * v;
        int captured = 10;
        Func<int> closure = () => captured + sum;
        var dict = new Dictionary<string, int>();
        dict["a"] = 1;
        string s = $"sum {sum} square {square(3)} closure {closure()} {args.Length}";
        int[] primes = { 2, 3, 5, 7, 11, 13 };
        Color[] colors = { Color.Red, Color.Blue, Color.Green, Color.Red };
        ReadOnlySpan<byte> bytes = new byte[] { 1, 2, 3, 4, 5 };
        Span<int> span = primes;
        span[0] = 1;
        object o = new Dog();
        string kind = o switch { Dog d => d.Speak(), IAnimal a => "animal", _ => "?" };
        var p = new Point(1, 2);
        var (q, r) = (p.X, p.Y);
        switch (args.Length) { case 0: sum++; break; case 1: sum--; break; case 2: sum += 2; break; case 3: sum *= 3; break; default: sum = 0; break; }
        try { sum /= args.Length; } catch (DivideByZeroException) { sum = -1; } finally { sum++; }
        IEnumerable<int> Evens() { for (int i = 0; i < 10; i += 2) yield return i; }
        foreach (int e in Evens()) sum += e;
        foreach (char c in s) sum += c;
        int? maybe = args.Length > 5 ? 5 : null;
        sum += maybe ?? 0;
        var shape = new Shape("circle");
        sum += shape.GetHashCode() > 0 ? 1 : 0;
        Swap(ref q, ref r);
        checked { sum += q; }
        ref int first = ref primes[0];
        first = 3;
        var sb = new System.Text.StringBuilder();
        sb.Append(kind).Append(colors.Length).Append(bytes.Length);
        Action act = Helper;
        act();
        return sum + sb.Length;
    }
    static void Helper() { }
    static void Swap<T>(ref T a, ref T b) { T t = a; a = b; b = t; }
}
