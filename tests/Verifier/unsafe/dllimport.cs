// P/Invoke: a call into native code. Helios.Runtime has [DllImport] so that this compiles and the verifier, not a bare
// CS0246, says why it cannot run; C# turns it into the method's PInvokeImpl flag and an ImplMap row, not an attribute.
// expect: HV0004 Program.getpid(): is a P/Invoke of libc!getpid
// expect: HV0004 reference to native module libc
using System.Runtime.InteropServices;

public static class Program
{
    [DllImport("libc")]
    private static extern int getpid();

    public static int Main() => getpid();
}
