// stackalloc into a Span is memory-safe C#, but it is localloc: stack memory of a size chosen at run time.
// expect: HV0003 Program.Fill(int) at IL_
public static class Program
{
    public static int Fill(int n)
    {
        System.Span<byte> buffer = stackalloc byte[n];
        buffer.Fill(7);
        return buffer[0];
    }
}
