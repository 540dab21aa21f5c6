// Turns ilc's symbol names back into C# names. ilc joins assembly, namespace and type with '_' and type and method
// with "__" ("Helios_Kernel_Helios_Kernel_Boot_BootInfo__get_CpuCount"), names primitives as in C ("Int32",
// "UInt8", "Bool"), boxes as "Boxed_<type>", arrays as "__Array<element>", generic arguments in <...> separated by
// "__", and MethodTables as "_ZTV<length><type>". '_' is ambiguous, so types are matched against the assemblies.
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Text;
using System.Text.RegularExpressions;
using Internal.Runtime;

namespace Helios.Tooling.Symbols;

public sealed partial class IlcNameDemangler
{
    private static readonly Dictionary<string, string> Primitives = new(StringComparer.Ordinal)
    {
        ["Void"] = "System.Void", ["Bool"] = "System.Boolean", ["Char"] = "System.Char",
        ["Int8"] = "System.SByte", ["UInt8"] = "System.Byte", ["Int16"] = "System.Int16", ["UInt16"] = "System.UInt16",
        ["Int32"] = "System.Int32", ["UInt32"] = "System.UInt32", ["Int64"] = "System.Int64", ["UInt64"] = "System.UInt64",
        ["IntPtr"] = "System.IntPtr", ["UIntPtr"] = "System.UIntPtr", ["Single"] = "System.Single", ["Double"] = "System.Double",
        ["Object"] = "System.Object", ["String"] = "System.String", ["System___Canon"] = "System.__Canon",
    };

    // Mangled type name (as ilc writes it) -> C# name (Type.FullName style: '+' for nested types, `n for arity).
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
                _types.TryAdd(prefix + "_" + Sanitize(fullName), fullName);
            }
        }
        _byLength = _types.Keys.OrderByDescending(k => k.Length).ToList();
    }

    public (string Name, SymbolKind Kind) Demangle(string symbol, bool isCode)
    {
        if (symbol.StartsWith("_ZTV", StringComparison.Ordinal))
        {
            int i = 4;
            while (i < symbol.Length && char.IsAsciiDigit(symbol[i])) i++;
            return (DemangleType(symbol[i..]), SymbolKind.Type);
        }
        if (!isCode) return (symbol, SymbolKind.Data);
        int split = FindMethodSplit(symbol);
        if (split < 0) return (symbol, SymbolKind.Code);   // an assembly or C symbol
        string type = DemangleType(symbol[..split]);
        string method = OverloadSuffix().Replace(symbol[(split + 2)..], "");
        return (type + "." + method, SymbolKind.Code);
    }

    // ilc tells overloads apart with "_<n>" after the method name.
    [GeneratedRegex("_[0-9]+$")]
    private static partial Regex OverloadSuffix();

    /// <summary>A mangled type name as C# would print it.</summary>
    public string DemangleType(string mangled)
    {
        if (mangled.StartsWith("Boxed_", StringComparison.Ordinal)) return DemangleType(mangled["Boxed_".Length..]);
        if (mangled.StartsWith("__Array<", StringComparison.Ordinal) && mangled.EndsWith('>'))
            return DemangleType(mangled["__Array<".Length..^1]) + "[]";
        if (Primitives.TryGetValue(mangled, out string? primitive)) return primitive;

        int generic = mangled.IndexOf('<');
        string head = generic < 0 ? mangled : mangled[..generic];
        string arguments = generic < 0 ? "" : "<" + string.Join(", ", SplitArguments(mangled[(generic + 1)..^1]).Select(DemangleType)) + ">";
        if (_types.TryGetValue(head, out string? known)) return StripArity(known, arguments) + arguments;
        // A nested type ilc named "<outer>_<inner>" where only the outer is a definition we know.
        foreach (string prefix in _byLength)
            if (head.Length > prefix.Length && head.StartsWith(prefix, StringComparison.Ordinal) && head[prefix.Length] == '_')
                return _types[prefix] + "+" + head[(prefix.Length + 1)..] + arguments;
        return mangled;
    }

    private static string StripArity(string name, string arguments)
    {
        int tick = name.LastIndexOf('`');
        return arguments.Length > 0 && tick > 0 ? name[..tick] : name;
    }

    // Arguments inside <...> are separated by "__" at depth 0 (an underscore pair not touching a third one).
    private static IEnumerable<string> SplitArguments(string list)
    {
        int depth = 0, start = 0;
        for (int i = 0; i + 1 < list.Length; i++)
        {
            char c = list[i];
            if (c == '<') depth++;
            else if (c == '>') depth--;
            else if (depth == 0 && c == '_' && list[i + 1] == '_' && (i == 0 || list[i - 1] != '_') && (i + 2 >= list.Length || list[i + 2] != '_'))
            {
                yield return list[start..i];
                start = i + 2;
                i++;
            }
        }
        yield return list[start..];
    }

    // The "__" between type and method: the last one outside generic arguments that is exactly two underscores.
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

    private static string FullName(MetadataReader md, TypeDefinitionHandle handle)
    {
        TypeDefinition type = md.GetTypeDefinition(handle);
        string name = md.GetString(type.Name);
        if (type.IsNested) return FullName(md, type.GetDeclaringType()) + "+" + name;
        string ns = md.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    // ilc's identifier sanitising: anything but letters, digits and '_' becomes '_'.
    public static string Sanitize(string name)
    {
        var sb = new StringBuilder(name.Length);
        foreach (char c in name) sb.Append(char.IsAsciiLetterOrDigit(c) || c == '_' ? c : '_');
        return sb.ToString();
    }
}
