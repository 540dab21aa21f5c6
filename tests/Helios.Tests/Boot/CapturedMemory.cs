// Physical memory captured from a real boot (./helios capture): the bytes the kernel's boot parsers read, at their
// addresses. Reading anything that was not captured returns nothing, as unreadable memory would.
using System.Globalization;
using Helios.Kernel.Boot;

namespace Helios.Tests.Boot;

internal sealed class CapturedMemory : IPhysicalMemory
{
    private readonly SortedList<ulong, byte[]> _chunks = new();

    public ulong BootInformation { get; private set; }

    public static CapturedMemory Load(string path)
    {
        var memory = new CapturedMemory();
        foreach (string line in File.ReadLines(path))
        {
            if (line.StartsWith('#') || line.Length == 0) continue;
            string[] parts = line.Split(' ');
            if (parts[0] == "boot")
            {
                memory.BootInformation = ulong.Parse(parts[1][2..], NumberStyles.HexNumber);
                continue;
            }
            memory._chunks[ulong.Parse(parts[0][2..], NumberStyles.HexNumber)] = Convert.FromHexString(parts[1]);
        }
        return memory;
    }

    /// <summary>The captured runs, as (address, length).</summary>
    public IEnumerable<(ulong Address, int Length)> Chunks => _chunks.Select(c => (c.Key, c.Value.Length));

    /// <summary>A copy whose bytes at address are replaced: for testing malformed input.</summary>
    public CapturedMemory WithBytes(ulong address, ReadOnlySpan<byte> bytes)
    {
        var copy = new CapturedMemory { BootInformation = BootInformation };
        foreach ((ulong start, byte[] data) in _chunks) copy._chunks[start] = (byte[])data.Clone();
        for (int i = 0; i < bytes.Length; i++) copy.Poke(address + (ulong)i, bytes[i]);
        return copy;
    }

    public ReadOnlySpan<byte> Read(ulong address, int length)
    {
        // As the kernel's identity-mapped memory does: nothing for a negative length or a range that wraps around.
        if (length < 0 || address + (ulong)length < address) return ReadOnlySpan<byte>.Empty;
        // Chunks are contiguous runs of the capture; a read may span several.
        var result = new byte[length];
        ulong at = address, end = address + (ulong)length;
        while (at < end)
        {
            (ulong start, byte[] data)? chunk = Find(at);
            if (chunk is null) return ReadOnlySpan<byte>.Empty;
            (ulong chunkStart, byte[] bytes) = chunk.Value;
            int offset = (int)(at - chunkStart);
            int count = (int)Math.Min((ulong)(bytes.Length - offset), end - at);
            bytes.AsSpan(offset, count).CopyTo(result.AsSpan((int)(at - address)));
            at += (ulong)count;
        }
        return result;
    }

    private (ulong, byte[])? Find(ulong address)
    {
        foreach ((ulong start, byte[] data) in _chunks)
            if (address >= start && address < start + (ulong)data.Length) return (start, data);
        return null;
    }

    private void Poke(ulong address, byte value)
    {
        (ulong start, byte[] data) = Find(address) ?? throw new ArgumentException($"0x{address:x} was not captured");
        data[address - start] = value;
    }
}
