// The image symbol table: what the build writes (SymbolTableWriter) the runtime reads back (ImageSymbols), and the
// names in the built images are C# names.
using Helios.Tooling;
using Helios.Tooling.Elf;
using Helios.Tooling.Symbols;
using Internal.Runtime;
using Xunit;

namespace Helios.Tests.Tooling;

public unsafe class SymbolTableTests
{
    [Fact]
    public void RuntimeReadsWhatTheBuildWrites()
    {
        const ulong linkBase = 0x100000;
        byte[] table = SymbolTableWriter.Write(
        [
            new ImageSymbol(0x101000, 0x40, "Helios.Kernel.KernelMain.Entry", SymbolKind.Code),
            new ImageSymbol(0x100800, 0x10, "pvh_entry32", SymbolKind.Code),
            new ImageSymbol(0x102000, 0, "System.String", SymbolKind.Type),
        ], linkBase);

        var image = new byte[0x3000];
        fixed (byte* start = table)
        fixed (byte* load = image)
        {
            ImageSymbols.Register(start, start + table.Length, load, load + image.Length);
            Assert.True(ImageSymbols.TryLookup(load + 0x1010, out string name, out ulong offset, out SymbolKind kind));
            Assert.Equal("Helios.Kernel.KernelMain.Entry", name);
            Assert.Equal(0x10UL, offset);
            Assert.Equal(SymbolKind.Code, kind);
            Assert.True(ImageSymbols.TryLookup(load + 0x800, out name, out offset, out _));
            Assert.Equal("pvh_entry32", name);
            Assert.Equal(0UL, offset);
            // Past a symbol's size: not that symbol.
            Assert.False(ImageSymbols.TryLookup(load + 0x1050, out _, out _, out _));
            Assert.True(ImageSymbols.TryLookup(load + 0x2000, out name, out _, out kind));
            Assert.Equal(("System.String", SymbolKind.Type), (name, kind));
            // Below every symbol.
            Assert.False(ImageSymbols.TryLookup(load, out _, out _, out _));
            // A size-0 symbol reaches to the image's end, not beyond it.
            Assert.True(ImageSymbols.TryLookup(load + image.Length - 1, out name, out _, out _));
            Assert.Equal("System.String", name);
            Assert.False(ImageSymbols.TryLookup(load + image.Length, out _, out _, out _));
            Assert.False(ImageSymbols.TryLookup(load + 0x100000, out _, out _, out _));
        }
    }

    // The table's entries are not trusted beyond the string block: a name offset past it names nothing, and a last
    // name without its NUL ends at the block's end.
    [Fact]
    public void EntriesAreCheckedAgainstTheStrings()
    {
        byte[] table = SymbolTableWriter.Write(
        [
            new ImageSymbol(0x100000, 0x10, "first", SymbolKind.Code),
            new ImageSymbol(0x100010, 0x10, "second", SymbolKind.Code),
        ], 0x100000);
        int stringsOffset = BitConverter.ToInt32(table, 12);
        int stringsLength = BitConverter.ToInt32(table, 16);
        // Entry 0's name offset (entry: u64 offset, u32 size, u32 nameOffset, ...) points far past the strings.
        BitConverter.GetBytes(0x7FFFFFF0).CopyTo(table, ImageSymbolFormat.HeaderSize + 12);
        // The string block loses its final NUL, so "second" is unterminated.
        BitConverter.GetBytes(stringsLength - 1).CopyTo(table, 16);
        Assert.Equal(0, table[stringsOffset + stringsLength - 1]);
        table[stringsOffset + stringsLength - 1] = (byte)'!';

        var image = new byte[0x100];
        fixed (byte* start = table)
        fixed (byte* load = image)
        {
            ImageSymbols.Register(start, start + table.Length, load, load + image.Length);
            Assert.True(ImageSymbols.IsLoaded);
            Assert.False(ImageSymbols.TryLookup(load + 4, out _, out _, out _));
            Assert.True(ImageSymbols.TryLookup(load + 0x14, out string name, out ulong offset, out _));
            Assert.Equal("second", name);
            Assert.Equal(4UL, offset);
        }
    }

    [Fact]
    public void MalformedTablesAreIgnored()
    {
        var junk = new byte[64];
        fixed (byte* start = junk)
        {
            ImageSymbols.Register(start, start + junk.Length, start, start + junk.Length);
            Assert.False(ImageSymbols.IsLoaded && ImageSymbols.TryLookup(start + 8, out _, out _, out _));
        }
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void BuiltImagesCarryCSharpNames(string isa)
    {
        ElfFile elf = ElfFile.Read(TestData.Image(IsaNames.Parse(isa), RepoPaths.KernelImage));
        ElfSymbol start = elf.FindSymbol("__helios_symbols_start")!;
        ElfSymbol end = elf.FindSymbol("__helios_symbols_end")!;
        Assert.True(end.Value - start.Value > ImageSymbolFormat.HeaderSize, "the image has no symbol table");
        ElfSection section = elf.FindSection(".helios_symbols")!;
        byte[] file = File.ReadAllBytes(TestData.Image(IsaNames.Parse(isa), RepoPaths.KernelImage));
        byte[] table = file.AsSpan((int)section.Offset, (int)section.Size).ToArray();
        ulong entryAddress = elf.FindSymbol("helios_kernel_entry")!.Value;
        ulong imageStart = elf.FindSymbol("__image_start")!.Value;

        var image = new byte[entryAddress - imageStart + 16];
        fixed (byte* tableStart = table)
        fixed (byte* load = image)
        {
            ImageSymbols.Register(tableStart, tableStart + table.Length, load, load + image.Length);
            Assert.True(ImageSymbols.TryLookup(load + (entryAddress - imageStart), out string name, out ulong offset, out _));
            Assert.Equal("Helios.Kernel.KernelMain.Entry", name);
            Assert.Equal(0UL, offset);
        }
    }
}
