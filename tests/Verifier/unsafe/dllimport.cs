// P/Invoke: a call into native code. (Helios.Runtime has no DllImportAttribute, so the app brings its own; C# turns
// it into the method's PInvokeImpl flag and an ImplMap row, not an attribute.)
// expect: HV0004 Program.getpid(): is a P/Invoke of libc!getpid
// expect: HV0004 reference to native module libc
namespace System.Runtime.InteropServices
{
    public sealed class DllImportAttribute : System.Attribute
    {
        public DllImportAttribute(string dllName) { }
    }
}

public static class Program
{
    [System.Runtime.InteropServices.DllImport("libc")]
    private static extern int getpid();

    public static int Main() => getpid();
}
