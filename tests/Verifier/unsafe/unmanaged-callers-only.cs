// [UnmanagedCallersOnly] makes a method an entry point for native code, called through a raw address.
// expect: HV0004 Program.Callback(int): [UnmanagedCallersOnly]: makes a method callable from native code
// expect: HV0007 uses System.Runtime.InteropServices.UnmanagedCallersOnlyAttribute
public static class Program
{
    [System.Runtime.InteropServices.UnmanagedCallersOnly]
    private static int Callback(int value) => value + 1;

    public static int Main() => 0;
}
