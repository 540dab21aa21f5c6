// fixed pins an array and hands out a raw pointer into it.
// expect: HV0001 Program.Checksum(byte[]): local 1 has a pointer type (byte*)
// expect: HV0001 Program.Checksum(byte[]): local 2 has a pinned local (byte[] pinned)
public static class Program
{
    public static unsafe int Checksum(byte[] data)
    {
        int sum = 0;
        fixed (byte* start = data)
        {
            for (int i = 0; i < data.Length; i++) sum += start[i];
        }
        return sum;
    }
}
