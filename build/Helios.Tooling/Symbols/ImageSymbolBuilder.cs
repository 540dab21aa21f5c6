// Builds an image's symbol table from its first link: every function and every MethodTable, with C# names.
using Helios.Tooling.Elf;
using Internal.Runtime;

namespace Helios.Tooling.Symbols;

public static class ImageSymbolBuilder
{
    public static (byte[] Table, int Count) Build(ElfFile elf, IEnumerable<string> assemblies)
    {
        var demangler = new IlcNameDemangler(assemblies);
        ElfSymbol? start = elf.FindSymbol("__image_start");
        ulong linkBase = start?.Value ?? elf.Sections.Where(s => s.IsAllocated && s.Address != 0).Min(s => s.Address);

        var symbols = new List<ImageSymbol>();
        var seen = new HashSet<(ulong, string)>();
        foreach (ElfSymbol symbol in elf.Symbols)
        {
            if (symbol.Name.Length == 0 || symbol.SectionIndex == 0 || symbol.SectionIndex >= elf.Sections.Count) continue;
            if (symbol.Type is ElfSymbolType.Section or ElfSymbolType.File) continue;
            ElfSection section = elf.Sections[symbol.SectionIndex];
            if (!section.IsAllocated) continue;
            bool isCode = section.IsExecutable;
            bool isType = symbol.Name.StartsWith("_ZTV", StringComparison.Ordinal);
            if (!isCode && !isType) continue;
            (string name, SymbolKind kind) = demangler.Demangle(symbol.Name, isCode);
            // ilc emits a symbol and an alias (e.g. an export name) for the same code: keep both names once.
            if (seen.Add((symbol.Value, name))) symbols.Add(new ImageSymbol(symbol.Value, symbol.Size, name, kind));
        }
        return (SymbolTableWriter.Write(symbols, linkBase), symbols.Count);
    }
}
