// What every check shares while one app is verified: its metadata, the policy, the resolver into the allowed
// assemblies, and the errors found so far (capped by the policy).
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using Helios.Verifier.Il;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal sealed class VerificationContext
{
    public VerificationContext(PEReader pe, MetadataReader reader, VerifierPolicy policy, ReferenceResolver resolver)
    {
        PE = pe;
        Reader = reader;
        Policy = policy;
        Resolver = resolver;
        References = new ReferenceChecks(this);
        InlineArrays = new InlineArrayHelpers(this);
    }

    public InlineArrayHelpers InlineArrays { get; }

    public PEReader PE { get; }

    public MetadataReader Reader { get; }

    public VerifierPolicy Policy { get; }

    public ReferenceResolver Resolver { get; }

    public ReferenceChecks References { get; }

    public List<VerificationError> Errors { get; } = [];

    public int Omitted { get; private set; }

    /// <summary>References checked where they are used (in a body or a definition); the final sweep skips them.</summary>
    public HashSet<EntityHandle> Checked { get; } = [];

    /// <summary>A decoder for readable, checked signatures; pass seen to collect the type references it names.</summary>
    public SignatureTypes Types(List<TypeReferenceHandle>? seen = null) => new(Policy.DeniedApis) { Seen = seen };

    /// <summary>The definition being checked (a type, field or method), which the errors found are in.</summary>
    public EntityHandle Site { get; set; }

    public void Report(VerifierRule rule, string where, string message, IlInstruction? at = null, string? instruction = null)
    {
        if (Errors.Count >= Policy.MaxErrors)
        {
            Omitted++;
            return;
        }
        Errors.Add(new VerificationError(rule, where, message, at?.Offset, at is IlInstruction i ? instruction ?? i.OpCode.Name : null)
        {
            Token = Site.IsNil ? 0 : MetadataTokens.GetToken(Site),
        });
    }

    public void Report(IEnumerable<Problem> problems, string where, IlInstruction? at = null, string? instruction = null)
    {
        foreach (Problem problem in problems) Report(problem.Rule, where, problem.Message, at, instruction);
    }
}
