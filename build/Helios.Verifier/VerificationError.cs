// One reason an app is refused: the rule, where (a method with the instruction and its IL offset, or a type, field
// or reference), and what is wrong.
namespace Helios.Verifier;

public sealed record VerificationError(VerifierRule Rule, string Where, string Message, int? Offset = null, string? Instruction = null)
{
    /// <summary>"HV0002: Program.Main(string[]) at IL_000c (calli): calls through a function pointer ...".</summary>
    public override string ToString() =>
        Offset is int offset
            ? $"{Rule.Code()}: {Where} at IL_{offset:x4} ({Instruction}): {Message}"
            : $"{Rule.Code()}: {Where}: {Message}";
}
