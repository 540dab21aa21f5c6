// Unsafe.As reinterprets a reference as any type: a string read as an array of longs.
// expect: HV0007 Program.Forge(object) at IL_0001 (call Unsafe::As): uses System.Runtime.CompilerServices.Unsafe: reinterprets
public static class Program
{
    public static long[] Forge(object o) => System.Runtime.CompilerServices.Unsafe.As<long[]>(o);

    public static int Main() => Forge("not an array").Length;
}
