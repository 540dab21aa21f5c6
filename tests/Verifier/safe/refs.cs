// Managed references the safe way: ref locals and returns, in and out parameters, ref structs holding spans.
using System;

public ref struct Reader
{
    private ReadOnlySpan<byte> _data;
    private int _position;

    public Reader(ReadOnlySpan<byte> data) { _data = data; _position = 0; }

    public bool TryRead(out byte value)
    {
        if (_position >= _data.Length) { value = 0; return false; }
        value = _data[_position++];
        return true;
    }

    public readonly int Remaining => _data.Length - _position;
}

public struct Counter
{
    public int Count;
    public void Increment() => Count++;
    public readonly int Twice() => Count * 2;
}

public static class Program
{
    private static int[] s_table = new int[8];

    private static ref int Slot(int i) => ref s_table[i & 7];

    private static ref Counter Pick(ref Counter a, ref Counter b, bool first) => ref first ? ref a : ref b;

    private static int Sum(in Counter c, scoped ReadOnlySpan<int> more)
    {
        int total = c.Count;
        foreach (int m in more) total += m;
        return total;
    }

    public static int Main(string[] args)
    {
        ref int slot = ref Slot(args.Length);
        slot += 5;
        var a = new Counter();
        var b = new Counter();
        ref Counter chosen = ref Pick(ref a, ref b, args.Length == 0);
        chosen.Increment();
        chosen.Increment();
        var reader = new Reader(new byte[] { 1, 2, 3 });
        int read = 0;
        while (reader.TryRead(out byte v)) read += v;
        Span<int> window = s_table.AsSpan(2, 4);
        window.Fill(1);
        ref int last = ref window[window.Length - 1];
        last = 9;
        int[] copy = window.ToArray();
        return slot + a.Twice() + b.Count + read + reader.Remaining + Sum(in a, copy) + Sum(b, window);
    }
}
