// Aligned native memory for the collector's tests, freed with the test.
using System.Runtime.InteropServices;

namespace Helios.Tests.Collector;

internal sealed unsafe class HostMemory : IDisposable
{
    public HostMemory(nuint size)
    {
        Size = size;
        Start = (byte*)NativeMemory.AlignedAlloc(size, 4096);
        new Span<byte>(Start, checked((int)size)).Fill(0xCD);     // garbage: nothing may rely on zeroed memory
    }

    public byte* Start { get; }

    public nuint Size { get; }

    public void Dispose() => NativeMemory.AlignedFree(Start);
}
