// Turns ilc's symbol names back into C# names. ilc joins assembly, namespace and type with '_' and the type and
// method with "__" ("Helios_Kernel_Helios_Kernel_Boot_BootInfo__get_CpuCount"); MethodTables are
// "_ZTV<length><type>". The '_' is ambiguous, so the demangler matches against the types the assemblies define.
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Text;

namespace Helios.Tooling.Symbols;

public sealed class IlcNameDemangler
{
    // Mangled type name (as ilc writes it) → C# name; longest first when matching a prefix.
    private readonly Dictionary<string, string> _types = new(StringComparer.Ordinal);
    private readonly List<string> _byLength;

    public IlcNameDemangler(IEnumerable<string> assemblyPaths)
    {
        foreach (string path in assemblyPaths)
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            MetadataReader md = pe.GetMetadataReader();
            string prefix = Sanitize(md.GetString(md.GetAssemblyDefinition().Name));
            foreach (TypeDefinitionHandle handle in md.TypeDefinitions)
            {
                string fullName = FullName(md, handle);
                if (fullName.StartsWith("<Module>", StringComparison.Ordinal)) continue;
                string mangled = Sanitize(fullName);
                _types.TryAdd(prefix + "_" + mangled, Display(fullName));
                // ilc leaves the assembly out of the names of some system-module types (Object, String, ...).
                _types.TryAdd(mangled, Display(fullName));
            }
        }
        _byLength = _types.Keys.OrderByDescending(k => k.Length).ToList();
    }

    public (string Name, SymbolKind Kind) Demangle(string symbol, bool isCode)
    {
        if (symbol.StartsWith("_ZTV", StringComparison.Ordinal))
        {
            int i = 4;
            while (i < symbol.Length && char.IsDigit(symbol[i])) i++;
            return (DemangleType(symbol[i..]), SymbolKind.Type);
        }
        if (!isCode) return (symbol, SymbolKind.Data);
        int split = FindMethodSplit(symbol);
        if (split < 0) return (DemangleType(symbol), SymbolKind.Code);
        return (DemangleType(symbol[..split]) + "." + symbol[(split + 2)..], SymbolKind.Code);
    }

    // The "__" between type and method: the last one outside generic arguments.
    private static int FindMethodSplit(string symbol)
    {
        int depth = 0, split = -1;
        for (int i = 0; i + 1 < symbol.Length; i++)
        {
            char c = symbol[i];
            if (c == '<') depth++;
            else if (c == '>') depth--;
            else if (depth == 0 && c == '_' && symbol[i + 1] == '_' && i > 0 && symbol[i - 1] != '_' && i + 2 < symbol.Length && symbol[i + 2] != '_')
                split = i;
        }
        return split;
    }

    private string DemangleType(string mangled)
    {
        int generic = mangled.IndexOf('<');
        string head = generic < 0 ? mangled : mangled[..generic];
        string tail = generic < 0 ? "" : mangled[generic..];
        foreach (string known in _byLength)
        {
            if (head == known) return StripArity(_types[known], tail) + GenericArguments(tail);
            if (head.StartsWith(known, StringComparison.Ordinal) && head[known.Length] == '_')
                return _types[known] + "." + head[(known.Length + 1)..] + GenericArguments(tail);
        }
        return mangled;
    }

    private static string StripArity(string name, string genericTail)
    {
        int tick = name.LastIndexOf('`');
        return genericTail.Length > 0 && tick > 0 ? name[..tick] : name;
    }

    // Inside <...> ilc separates arguments with "__" and writes their names unprefixed.
    private static string GenericArguments(string tail) => tail.Replace("__", ", ").Replace("System_", "System.");

    private static string FullName(MetadataReader md, TypeDefinitionHandle handle)
    {
        TypeDefinition type = md.GetTypeDefinition(handle);
        string name = md.GetString(type.Name);
        if (type.IsNested) return FullName(md, type.GetDeclaringType()) + "+" + name;
        string ns = md.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    private static string Display(string fullName) => fullName.Replace('+', '.');

    // ilc's identifier sanitising: anything but letters, digits and '_' becomes '_'.
    public static string Sanitize(string name)
    {
        var sb = new StringBuilder(name.Length);
        foreach (char c in name) sb.Append(char.IsAsciiLetterOrDigit(c) || c == '_' ? c : '_');
        return sb.ToString();
    }
}
