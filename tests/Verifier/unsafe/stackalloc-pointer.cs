// stackalloc into a pointer: localloc plus a raw pointer.
// expect: HV0003 Program.Scratch() at IL_0003 (localloc)
// expect: HV0001 Program.Scratch() at IL_000a (stind.i1): writes memory at an address that is a number
public static class Program
{
    public static unsafe int Scratch()
    {
        byte* p = stackalloc byte[64];
        p[63] = 1;
        return p[63];
    }
}
