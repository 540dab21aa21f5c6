// MemoryMarshal.CreateSpan makes a span of any length over a single variable: reads and writes past it.
// expect: HV0007 Program.Main() at IL_
// expect: HV0007 (call MemoryMarshal::CreateSpan): uses System.Runtime.InteropServices.MemoryMarshal: native interop
public static class Program
{
    public static int Main()
    {
        int x = 1;
        System.Span<int> all = System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref x, 1 << 20);
        all[1000] = 42;
        return all[999];
    }
}
