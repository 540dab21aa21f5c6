// Methods without IL: an internal call into the runtime, and a bare extern the compiler would bind to a symbol.
// expect: HV0004 Program.Halt(): is implemented inside the runtime (MethodImplOptions.InternalCall)
// expect: HV0004 Program.Peek(long): has no body (extern)
using System.Runtime.CompilerServices;

public static class Program
{
    [MethodImpl(MethodImplOptions.InternalCall)]
    private static extern void Halt();

#pragma warning disable CS0626
    private static extern int Peek(long address);
#pragma warning restore CS0626

    public static int Main()
    {
        Halt();
        return Peek(0x1000);
    }
}
