// P/Invoke through an app's own DllImportAttribute: C# matches the attribute by name, so it is the same P/Invoke and
// the same refusal as through the runtime's. (The runtime's is hidden by the app's, as C# allows with a warning.)
// expect: HV0004 Program.getpid(): is a P/Invoke of libc!getpid
// expect: HV0004 reference to native module libc
#pragma warning disable CS0436
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
