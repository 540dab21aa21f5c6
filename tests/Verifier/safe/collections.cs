using System;
using System.Collections.Generic;
public static class Program
{
    public static int Main()
    {
        int[] a = [1, 2, 3];
        List<int> l = [4, 5];
        Span<int> s = [6, 7, 8];
        ReadOnlySpan<int> r = [9, 10];
        return a.Length + l.Count + s[0] + r[1];
    }
}
