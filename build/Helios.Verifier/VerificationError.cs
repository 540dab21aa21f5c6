// One reason an app is refused: the rule, where (a method with the instruction and its IL offset, or a type, field
// or reference), and what is wrong.
namespace Helios.Verifier;

public sealed record VerificationError(VerifierRule Rule, string Where, string Message, int? Offset = null, string? Instruction = null)
{
    /// <summary>The metadata token of the method, field or type the error is in (0 for the assembly or a reference),
    /// so that a build can point at its source through the PDB.</summary>
    public int Token { get; init; }

    /// <summary>"HV0002: Program.Main(string[]) at IL_000c (calli): calls through a function pointer ...".</summary>
    public override string ToString() => $"{Rule.Code()}: {Describe()}";

    /// <summary>The error without its code: "Program.Main(string[]) at IL_000c (calli): calls through ...".</summary>
    public string Describe() =>
        Offset is int offset ? $"{Where} at IL_{offset:x4} ({Instruction}): {Message}" : $"{Where}: {Message}";
}
