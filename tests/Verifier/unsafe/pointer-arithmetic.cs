// Pointers in a signature and in a method body: the classic unsafe code.
// expect: HV0001 Program.Sum(int*, int): its signature has a pointer type (int*)
// expect: HV0001 Program.Main(string[]) at IL_0005 (conv.u): turns a managed reference into a number (takes an address, as &x does)
// expect: HV0001 Program.Main(string[]) at IL_000d (ldind.i4): reads memory at an address that is a number
public static class Program
{
    public static unsafe int Sum(int* values, int count)
    {
        int total = 0;
        for (int* p = values; p < values + count; p++) total += *p;
        return total;
    }

    public static unsafe int Main(string[] args)
    {
        int x = 42;
        int* p = &x;
        return *(p + args.Length);
    }
}
