// What an app may reference: the assemblies allowed beside it (the runtime, the app library, contract assemblies),
// where their files are (to check that every member the app uses exists and is public), and the APIs of those
// assemblies that are still denied.
using Helios.Verifier.Rules;

namespace Helios.Verifier;

public sealed class VerifierPolicy
{
    /// <summary>The system module every SIP is compiled against.</summary>
    public const string RuntimeAssembly = "Helios.Runtime";

    public HashSet<string> AllowedAssemblies { get; } = new(StringComparer.Ordinal) { RuntimeAssembly };

    /// <summary>Files or directories holding the allowed assemblies (name.dll); the app's own directory is searched too.</summary>
    public List<string> ReferencePaths { get; } = [];

    public ApiDenyList DeniedApis { get; init; } = ApiDenyList.Default();

    /// <summary>Enough to act on; the rest are counted.</summary>
    public int MaxErrors { get; init; } = 200;
}
