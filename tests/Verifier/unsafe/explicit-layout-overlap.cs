// A union of an object reference and an integer: write the integer, read a forged reference.
// expect: HV0009 type Forger: field Reference (holding an object reference, at offset 0) overlaps field Address
// expect: HV0009 type Misaligned: field Reference holds an object reference at offset 4
using System.Runtime.InteropServices;

[StructLayout(LayoutKind.Explicit)]
public struct Forger
{
    [FieldOffset(0)] public object Reference;
    [FieldOffset(0)] public long Address;
}

[StructLayout(LayoutKind.Explicit)]
public struct Misaligned
{
    [FieldOffset(0)] public int Tag;
    [FieldOffset(4)] public string Reference;
}

public static class Program
{
    public static object Main()
    {
        var f = new Forger { Address = 0x1000 };
        return f.Reference;
    }
}
