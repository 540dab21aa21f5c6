// What the pointer-flow analysis tracks about a value on the IL evaluation stack (ECMA-335 III.1.1, coarsened):
// whether it is a number, an object reference, a managed reference (ref), or something it need not tell apart.
namespace Helios.Verifier.Checks;

internal enum StackKind : byte
{
    Int32,
    Int64,
    NativeInt,
    Float,
    ObjRef,
    ByRef,
    Value,

    /// <summary>Anything else: a generic parameter's value, or where paths disagree about a non-reference.</summary>
    Unknown,
}

internal static class StackKinds
{
    public static bool IsNumber(this StackKind kind) => kind is StackKind.Int32 or StackKind.Int64 or StackKind.NativeInt;

    /// <summary>The value where two paths meet: equal kinds stay, int32 and native int widen, anything else is Unknown.</summary>
    public static StackKind Join(StackKind a, StackKind b)
    {
        if (a == b) return a;
        if (a is StackKind.Int32 or StackKind.NativeInt && b is StackKind.Int32 or StackKind.NativeInt) return StackKind.NativeInt;
        return StackKind.Unknown;
    }

    public static string Describe(this StackKind kind) => kind switch
    {
        StackKind.Int32 or StackKind.Int64 or StackKind.NativeInt => "a number",
        StackKind.ByRef => "a managed reference",
        StackKind.ObjRef => "an object reference",
        StackKind.Float => "a floating-point number",
        _ => "a value",
    };
}
