// What verifying an app found: nothing (it may run as a SIP) or the errors, in the order they were found.
namespace Helios.Verifier;

public sealed class VerificationResult
{
    internal VerificationResult(string assembly, IReadOnlyList<VerificationError> errors, int omitted)
    {
        Assembly = assembly;
        Errors = errors;
        Omitted = omitted;
    }

    /// <summary>The assembly's name (from its metadata), or the file name when it has none.</summary>
    public string Assembly { get; }

    public IReadOnlyList<VerificationError> Errors { get; }

    /// <summary>Errors beyond VerifierPolicy.MaxErrors, counted but not listed.</summary>
    public int Omitted { get; }

    public bool IsSafe => Errors.Count == 0;
}
