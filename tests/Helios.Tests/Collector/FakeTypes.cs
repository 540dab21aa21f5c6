// MethodTables made by hand in the layout ilc emits (flags, base size, and a GCDesc below when there are pointers),
// for objects the collector's parts can walk on the host.
using System.Runtime.InteropServices;

namespace Helios.Tests.Collector;

internal sealed unsafe class FakeTypes : IDisposable
{
    private const uint HasComponentSize = 0x80000000;
    private const uint HasPointers = 0x01000000;

    private readonly List<nint> _blocks = new();

    /// <summary>A class of baseSize bytes with references at the given offsets (each run one series).</summary>
    public byte* Class(uint baseSize, params int[] referenceOffsets)
    {
        var series = new List<(nint size, nint offset)>();
        foreach (int offset in referenceOffsets) series.Add((8 - (nint)baseSize, offset));
        return Make(referenceOffsets.Length > 0 ? HasPointers : 0, baseSize, series.Count, series, null, 0);
    }

    /// <summary>An array of elementSize-byte elements (no references).</summary>
    public byte* PrimitiveArray(ushort elementSize) => Make(HasComponentSize | elementSize, 24, 0, new(), null, 0);

    /// <summary>An array of references: one series from the first element to the end.</summary>
    public byte* ReferenceArray() => Make(HasComponentSize | HasPointers | 8, 24, 1, new() { (-24, 16) }, null, 0);

    /// <summary>An array of structs: each element has (references, bytes to skip) runs, in order.</summary>
    public byte* StructArray(ushort elementSize, int firstOffsetInElement, params (uint references, uint skip)[] runs)
        => Make(HasComponentSize | HasPointers | elementSize, 24, -runs.Length, new(), runs, 16 + firstOffsetInElement);

    private byte* Make(uint flags, uint baseSize, nint count, List<(nint size, nint offset)> series, (uint, uint)[] runs, nint repeatOffset)
    {
        int descWords = runs is null ? 1 + 2 * series.Count : 2 + runs.Length;
        int total = (descWords + 4) * 8;
        byte* block = (byte*)NativeMemory.AlignedAlloc((nuint)total, 16);
        _blocks.Add((nint)block);
        byte* mt = block + descWords * 8;
        *(uint*)mt = flags;
        *(uint*)(mt + 4) = baseSize;
        *(nint*)(mt - 8) = count;
        if (runs is null)
        {
            for (int k = 0; k < series.Count; k++)
            {
                byte* entry = mt - 8 - 16 * (k + 1);
                *(nint*)entry = series[k].size;
                *(nint*)(entry + 8) = series[k].offset;
            }
        }
        else
        {
            *(nint*)(mt - 16) = repeatOffset;
            for (int i = 0; i < runs.Length; i++)
            {
                uint* item = (uint*)(mt - 24 - 8 * i);
                item[0] = runs[i].Item1;
                item[1] = runs[i].Item2;
            }
        }
        return mt;
    }

    public void Dispose()
    {
        foreach (nint block in _blocks) NativeMemory.AlignedFree((void*)block);
    }
}
