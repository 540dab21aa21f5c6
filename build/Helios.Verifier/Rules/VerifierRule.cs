// The kinds of thing the verifier refuses, each with a stable code (HV0001...) that docs/verifier.md explains.
namespace Helios.Verifier;

public enum VerifierRule
{
    /// <summary>HV0001: pointer types, pinned locals, fixed-size buffers: unsafe code.</summary>
    UnsafeCode = 1,

    /// <summary>HV0002: function pointers, calli, ldftn outside delegate creation.</summary>
    FunctionPointer = 2,

    /// <summary>HV0003: localloc (stackalloc).</summary>
    StackAllocation = 3,

    /// <summary>HV0004: P/Invoke, extern and internal-call methods, native modules, unmanaged entry points.</summary>
    PInvoke = 4,

    /// <summary>HV0005: cpblk, initblk: raw block copies.</summary>
    RawMemory = 5,

    /// <summary>HV0006: arglist, mkrefany, refanyval, refanytype, TypedReference, varargs.</summary>
    VarArgs = 6,

    /// <summary>HV0007: an API of an allowed assembly that SIPs may not use (Unsafe, MemoryMarshal, Reflection.Emit ...).</summary>
    DeniedApi = 7,

    /// <summary>HV0008: a reference to an assembly outside the allowed set.</summary>
    AssemblyNotAllowed = 8,

    /// <summary>HV0009: explicit layout that overlaps an object reference with another field.</summary>
    OverlappingReferences = 9,

    /// <summary>HV0010: locals that are not zero-initialised (SkipLocalsInit).</summary>
    UninitializedLocals = 10,

    /// <summary>HV0011: a member or type of another assembly that is not public, or that does not exist.</summary>
    Inaccessible = 11,

    /// <summary>HV0012: an instruction that breaks verifiability (jmp, break, tail., no., writes to read-only data ...).</summary>
    UnverifiableInstruction = 12,

    /// <summary>HV0013: not an IL-only .NET assembly, or metadata or IL that cannot be decoded.</summary>
    BadImage = 13,

    /// <summary>HV0014: attributes that ask the compiler or runtime for special treatment (Intrinsic, UnsafeAccessor ...).</summary>
    RuntimeInternals = 14,
}

public static class VerifierRules
{
    public static string Code(this VerifierRule rule) => $"HV{(int)rule:D4}";
}
