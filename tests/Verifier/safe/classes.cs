using System;
public abstract class Animal { public abstract string Name { get; } public virtual string Speak() => "..."; }
public sealed class Cat : Animal { public override string Name => "cat"; public override string Speak() => "meow"; }
public class MyError : Exception { public MyError(string m) : base(m) { } }
public sealed class Resource : IDisposable { public static int Disposed; public void Dispose() => Disposed++; }
public static class Counter { private static readonly int[] Table = { 10, 20, 30, 40 }; public static int Count; static Counter() { Count = Table[2]; } }
public struct Vec { public int X, Y; public static Vec operator +(Vec a, Vec b) => new Vec { X = a.X + b.X, Y = a.Y + b.Y }; public override bool Equals(object o) => o is Vec v && v.X == X; public override int GetHashCode() => X; }
[Flags] public enum Perm { None = 0, Read = 1, Write = 2 }
[System.Runtime.CompilerServices.InlineArray(8)] public struct Buffer8 { private int _first; }
public static class Program
{
    public static int Main()
    {
        Animal a = new Cat();
        using (var res = new Resource()) { }
        int r = 0;
        try { throw new MyError("x"); } catch (MyError e) when (e.Message == "x") { r = 1; }
        var v = new Vec { X = 1 } + new Vec { X = 2 };
        Perm p = Perm.Read | Perm.Write;
        string s = a.Speak() + a.Name + Counter.Count + v.X + ((p & Perm.Write) != 0);
        long big = long.MaxValue; int wrapped = unchecked((int)big);
        var buf = new Buffer8();
        buf[0] = 1; buf[7] = 2;
        int total = 0;
        foreach (int x in (Span<int>)buf) total += x;
        for (int i = 0; i < 8; i++) total += buf[i];
        return s.Length + Resource.Disposed + r + wrapped + total;
    }
}
