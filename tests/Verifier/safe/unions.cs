// Explicit layout is fine when only plain data overlaps, or when references have offsets of their own.
using System.Runtime.InteropServices;

[StructLayout(LayoutKind.Explicit)]
public struct Number
{
    [FieldOffset(0)] public long Whole;
    [FieldOffset(0)] public double Real;
    [FieldOffset(0)] public int Low;
    [FieldOffset(4)] public int High;
}

[StructLayout(LayoutKind.Explicit)]
public struct Tagged
{
    [FieldOffset(0)] public string Name;
    [FieldOffset(8)] public int Tag;
    [FieldOffset(8)] public float Weight;
    [FieldOffset(16)] public Number Value;
}

[StructLayout(LayoutKind.Sequential, Pack = 1)]
public struct Packed
{
    public byte A;
    public int B;
}

public static class Program
{
    public static int Main()
    {
        var n = new Number { Real = 1.5 };
        var t = new Tagged { Name = "x", Tag = 3, Value = n };
        var p = new Packed { A = 1, B = 2 };
        return (int)(n.Whole & 0xFF) + t.Tag + t.Name.Length + p.B + t.Value.High;
    }
}
