// A built kernel image laid out at its link addresses in pinned host memory, so the runtime's unwind-table readers
// can run over it on the host exactly as they do inside the image.
using System.Runtime.InteropServices;
using Helios.Tooling;
using Helios.Tooling.Elf;
using Internal.Runtime.ExceptionHandling;

namespace Helios.Tests.Unwinding;

internal sealed unsafe class LinkedImage
{
    private readonly byte[] _memory;

    private LinkedImage(string path, ElfFile elf, byte[] memory, ulong baseAddress)
    {
        Path = path;
        Elf = elf;
        _memory = memory;
        Base = baseAddress;
    }

    public string Path { get; }

    public ElfFile Elf { get; }

    public ulong Base { get; }

    public ImageView View => new((byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_memory, 0), Base, (ulong)_memory.Length);

    public ulong SectionAddress(string name) => Elf.FindSection(name)?.Address ?? throw new InvalidDataException($"{Path}: no {name}");

    public ulong Symbol(string name) => Elf.FindSymbol(name)?.Value ?? throw new InvalidDataException($"{Path}: no symbol {name}");

    public static LinkedImage Load(Isa isa, string image = RepoPaths.KernelTestImage)
    {
        string path = TestData.Image(isa, image);
        byte[] file = File.ReadAllBytes(path);
        ElfFile elf = ElfFile.Parse(file, path);
        var sections = elf.Sections.Where(s => s.IsAllocated && s.Size > 0).ToList();
        ulong start = sections.Min(s => s.Address);
        ulong end = sections.Max(s => s.Address + s.Size);
        byte[] memory = GC.AllocateArray<byte>(checked((int)(end - start)), pinned: true);
        foreach (ElfSection s in sections.Where(s => s.Type != ElfSection.NoBits))
            file.AsSpan((int)s.Offset, (int)s.Size).CopyTo(memory.AsSpan((int)(s.Address - start)));
        return new LinkedImage(path, elf, memory, start);
    }
}
