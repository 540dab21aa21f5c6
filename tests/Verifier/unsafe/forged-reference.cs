// A managed reference forged from an integer: the address of a local replaced by the number 0 (IL patched: ldloca.s 0
// becomes ldc.i4.0; conv.i), then passed where a ref is expected. No pointer type appears anywhere; the pointer-flow
// analysis sees a number flowing into a ref parameter.
// debug
// patch Program.Main: 12 00 28 {Program.Read} -> 16 D3 28 {Program.Read}
// expect: HV0001 Program.Main() at IL_
// expect: HV0001 (call): passes a number where a managed reference is expected
public static class Program
{
    private static int Read(ref int x) => x;

    public static int Main()
    {
        int local = 5;
        return Read(ref local);
    }
}
