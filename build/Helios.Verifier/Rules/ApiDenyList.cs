// The APIs of allowed assemblies that a SIP may still not use, because they step outside type safety (raw memory,
// reinterpretation, native code, code generation) or reach into the runtime's own machinery. Matched by namespace,
// type and member name on references into other assemblies; docs/verifier.md lists the defaults and why.
namespace Helios.Verifier.Rules;

public sealed class ApiDenyList
{
    private readonly List<Rule> _rules = [];

    public static readonly ApiDenyList Empty = new();

    /// <summary>The default policy for Helios.Runtime and the libraries a SIP may reference.</summary>
    public static ApiDenyList Default()
    {
        var list = new ApiDenyList();
        list.DenyNamespace("Internal", "the runtime's internals (heap, method tables, start-up)", includeChildren: true);
        list.DenyNamespace("System.Runtime", "the runtime's entry points for the compiler (allocation, casts, imports, exports)", includeChildren: false);
        list.DenyNamespace("System.Reflection.Emit", "generates code at run time", includeChildren: true);
        list.DenyNamespace("System.Runtime.InteropServices", "native interop and raw memory access (MemoryMarshal, Marshal, GCHandle, NativeMemory)", includeChildren: true,
            except: ["InAttribute", "OutAttribute", "OptionalAttribute", "StructLayoutAttribute", "LayoutKind", "FieldOffsetAttribute", "CharSet"]);
        list.DenyType("System.Runtime.CompilerServices", "Unsafe", "reinterprets references and memory without checks");
        list.DenyType("System.Runtime.CompilerServices", "RuntimeHelpers", "reaches below type safety (object layout, raw initialisation)",
            except: ["InitializeArray", "IsReferenceOrContainsReferences", "GetHashCode", "Equals", "EnsureSufficientExecutionStack", "GetSubArray"]);
        list.DenyType("System.Runtime.CompilerServices", "ClassConstructorRunner", "runs class constructors for the compiler");
        list.DenyType("System", "Buffer", "copies raw memory");
        list.DenyType("System", "SpanHelpers", "block copies for the runtime");
        // The channel runtime's machinery: apps use the generated endpoints, ExArray<T>, Select, StartupEndpoints and
        // ServiceNamespace. A block writer outlives its send, and a heap or host of the app's own names raw memory.
        const string channels = "the channel runtime's machinery (raw message blocks and exchange-heap memory); use the generated endpoints";
        foreach (string type in new[] { "Channel", "MessageWriter", "MessageReader", "ExchangeHeap", "ChannelHost", "ChannelCalls", "Endpoint" })
            list.DenyType("Helios.Channels", type, channels);
        return list;
    }

    public void DenyNamespace(string ns, string reason, bool includeChildren, string[]? except = null) =>
        _rules.Add(new Rule(ns, includeChildren, null, except ?? [], reason));

    public void DenyType(string ns, string type, string reason, string[]? except = null) =>
        _rules.Add(new Rule(ns, false, type, except ?? [], reason));

    /// <summary>Why a type of another assembly may not be used at all, or null when it may (perhaps only some members).</summary>
    public string? DenyType(string ns, string type)
    {
        foreach (Rule rule in _rules)
            if (rule.MatchesType(ns, type) && (rule.Type is null ? !rule.Except.Contains(type) : rule.Except.Length == 0)) return rule.Reason;
        return null;
    }

    /// <summary>Why a member of a type of another assembly may not be used, or null.</summary>
    public string? DenyMember(string ns, string type, string member)
    {
        foreach (Rule rule in _rules)
        {
            if (!rule.MatchesType(ns, type)) continue;
            bool excepted = rule.Type is null ? rule.Except.Contains(type) : rule.Except.Contains(member);
            if (!excepted) return rule.Reason;
        }
        return null;
    }

    private sealed record Rule(string Namespace, bool IncludeChildren, string? Type, string[] Except, string Reason)
    {
        public bool MatchesType(string ns, string type) =>
            (ns == Namespace || (IncludeChildren && ns.StartsWith(Namespace + ".", StringComparison.Ordinal))) && (Type is null || Type == type);
    }
}
