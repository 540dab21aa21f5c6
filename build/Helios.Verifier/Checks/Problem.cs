// Something wrong with a reference or definition, before it is placed (which method, which instruction).
namespace Helios.Verifier.Checks;

internal readonly record struct Problem(VerifierRule Rule, string Message);
