using System;
using System.Text;
public static class Program
{
    public static int Main(string[] args)
    {
        var sb = new StringBuilder();
        for (int i = 0; i < args.Length; i++) sb.Append(args[i]).Append(',');
        string joined = string.Join("|", args);
        string interp = $"{joined,10} {args.Length:X} {3.5} {DateKind.Today}";
        string[] parts = interp.Split(' ');
        bool ok = int.TryParse("123", out int n);
        ReadOnlySpan<byte> utf8 = "abc"u8;
        ReadOnlySpan<int> ints = new int[] { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
        ReadOnlySpan<long> longs = new long[] { 1, 2 };
        return sb.Length + parts.Length + (ok ? n : 0) + interp.IndexOf('x') + utf8.Length + ints[8] + (int)longs[1];
    }
}
public enum DateKind { Today }
