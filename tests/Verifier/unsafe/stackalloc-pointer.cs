// stackalloc into a pointer: localloc plus a raw pointer.
// expect: HV0003 Program.Scratch() at IL_
public static class Program
{
    public static unsafe int Scratch()
    {
        byte* p = stackalloc byte[64];
        p[63] = 1;
        return p[63];
    }
}
