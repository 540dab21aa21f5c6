// A delegate constructed from an integer instead of ldftn: a call to any address (IL patched: ldftn becomes
// ldc.i4 0x1000 + conv.i, then the delegate constructor).
// debug
// patch Program.Main: FE 06 {Program.Target} -> 20 00 10 00 00 D3
// expect: HV0002 Program.Main() at IL_
// expect: HV0002 (newobj Func<int>::.ctor): creates a delegate from a raw function pointer
public static class Program
{
    private static int Target() => 7;

    public static int Main()
    {
        System.Func<int> f = Target;
        return f();
    }
}
