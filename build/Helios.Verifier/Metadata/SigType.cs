// A type as a signature spells it, decoded for two purposes: a readable name for messages ("int*", "ref string",
// "List<T>"), and what in it is unsafe (pointers, function pointers, TypedReference, pinning), or refers to an API the
// policy denies.
namespace Helios.Verifier.Metadata;

[Flags]
internal enum UnsafeParts
{
    None = 0,
    Pointer = 1,
    FunctionPointer = 2,
    TypedReference = 4,
    Pinned = 8,
    VarArgs = 16,
}

internal sealed record SigType(string Name, UnsafeParts Unsafe = UnsafeParts.None, string? DeniedApi = null, bool IsByRef = false)
{
    public SigType Wrap(string name, UnsafeParts more = UnsafeParts.None, bool byRef = false) => new(name, Unsafe | more, DeniedApi, byRef);

    public static SigType Combine(string name, IEnumerable<SigType> parts)
    {
        UnsafeParts flags = UnsafeParts.None;
        string? denied = null;
        foreach (SigType part in parts)
        {
            flags |= part.Unsafe;
            denied ??= part.DeniedApi;
        }
        return new SigType(name, flags, denied);
    }

    /// <summary>What is unsafe in this type, in words, or null.</summary>
    public string? UnsafeDescription()
    {
        var parts = new List<string>();
        if (Unsafe.HasFlag(UnsafeParts.Pointer)) parts.Add("a pointer type");
        if (Unsafe.HasFlag(UnsafeParts.FunctionPointer)) parts.Add("a function pointer type");
        if (Unsafe.HasFlag(UnsafeParts.TypedReference)) parts.Add("TypedReference");
        if (Unsafe.HasFlag(UnsafeParts.Pinned)) parts.Add("a pinned local");
        if (Unsafe.HasFlag(UnsafeParts.VarArgs)) parts.Add("variable arguments (__arglist)");
        return parts.Count == 0 ? null : string.Join(" and ", parts);
    }
}
