// [SkipLocalsInit] leaves locals holding whatever the stack held: another process's or the kernel's data.
// expect: HV0010 Program.Leak(): [SkipLocalsInit]: leaves locals uninitialised
// expect: HV0010 Program.Leak(): its locals are not zero-initialised
public static class Program
{
    [System.Runtime.CompilerServices.SkipLocalsInit]
    public static long Leak()
    {
        long a, b, c;
        Init(out a); Init(out b); Init(out c);
        return a + b + c;
    }

    private static void Init(out long x) => x = 0;
}
