// An assembly outside the allowed set (here one that looks like the BCL's Marshal): every use is refused.
// library System.Runtime.InteropServices: namespace System.Runtime.InteropServices { public static class Marshal { public static System.IntPtr AllocHGlobal(int size) => default; } }
// expect: HV0008 reference to assembly System.Runtime.InteropServices: a SIP may reference only Helios.Runtime; it uses System.Runtime.InteropServices.Marshal
// expect: HV0008 Program.Main() at IL_0005 (call Marshal::AllocHGlobal): uses System.Runtime.InteropServices.Marshal from System.Runtime.InteropServices
public static class Program
{
    public static nint Main() => System.Runtime.InteropServices.Marshal.AllocHGlobal(4096);
}
