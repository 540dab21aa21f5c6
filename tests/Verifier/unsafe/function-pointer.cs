// C# 9 function pointers: &Method gives a raw address and calli jumps to it.
// expect: HV0002 Program.Main() at IL_
// expect: HV0002 Program.Main(): local 0 has a function pointer type
// expect: HV0002 (calli): calls through a function pointer
// expect: HV0002 (ldftn Program::Square): takes a method's address outside a delegate creation
public static class Program
{
    private static int Square(int x) => x * x;

    public static unsafe int Main()
    {
        delegate*<int, int> f = &Square;
        return f(7);
    }
}
