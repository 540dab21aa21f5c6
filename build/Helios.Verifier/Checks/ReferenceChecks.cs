// What is wrong with a reference from the app to a type or member: outside the allowed assemblies, denied by the
// policy, unsafe in its signature, missing, or not public. Computed once per reference (and calling type, which
// matters for protected members) and reported wherever the reference is used.
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal sealed class ReferenceChecks
{
    private readonly VerificationContext _context;
    private readonly Dictionary<(EntityHandle, TypeDefinitionHandle), List<Problem>> _cache = [];

    public ReferenceChecks(VerificationContext context)
    {
        _context = context;
    }

    private MetadataReader Reader => _context.Reader;

    /// <summary>Every reference some computed result covered (the handle, its parent type, the types in its
    /// signature): a problem of any of them has been reported with it, so the final sweep skips them.</summary>
    public HashSet<EntityHandle> Covered { get; } = [];

    /// <summary>Marks a reference, the method it instantiates and the type it belongs to as accounted for, without
    /// checking them (for code recognised as the compiler's own, such as the inline-array helpers).</summary>
    public void Cover(EntityHandle handle)
    {
        Covered.Add(handle);
        if (handle.Kind == HandleKind.MethodSpecification) Cover(Reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method);
        if (handle.Kind == HandleKind.MemberReference) Covered.Add(Reader.GetMemberReference((MemberReferenceHandle)handle).Parent);
    }

    /// <summary>Problems of a type or member handle used by code in caller (nil when the user is not a type).</summary>
    public IReadOnlyList<Problem> For(EntityHandle handle, TypeDefinitionHandle caller)
    {
        if (_cache.TryGetValue((handle, caller), out List<Problem>? known)) return known;
        Covered.Add(handle);
        var problems = new List<Problem>();
        try
        {
            switch (handle.Kind)
            {
                case HandleKind.TypeReference: TypeReference((TypeReferenceHandle)handle, caller, problems); break;
                case HandleKind.TypeSpecification: TypeSpecification((TypeSpecificationHandle)handle, caller, problems); break;
                case HandleKind.MemberReference: MemberReference((MemberReferenceHandle)handle, caller, problems); break;
                case HandleKind.MethodSpecification: MethodSpecification((MethodSpecificationHandle)handle, caller, problems); break;
            }
        }
        catch (BadImageFormatException e)
        {
            problems.Add(new Problem(VerifierRule.BadImage, $"the reference 0x{MetadataTokens.GetToken(handle):X8} cannot be decoded: {e.Message}"));
        }
        return _cache[(handle, caller)] = Distinct(problems);
    }

    /// <summary>Problems of a signature's types: unsafe parts, denied APIs, and every type reference it names.</summary>
    public void Signature(SigType type, List<TypeReferenceHandle> seen, string what, TypeDefinitionHandle caller, List<Problem> problems)
    {
        if (type.UnsafeDescription() is string description)
        {
            VerifierRule rule = type.Unsafe.HasFlag(UnsafeParts.Pointer) || type.Unsafe.HasFlag(UnsafeParts.Pinned) ? VerifierRule.UnsafeCode
                              : type.Unsafe.HasFlag(UnsafeParts.FunctionPointer) ? VerifierRule.FunctionPointer
                              : VerifierRule.VarArgs;
            problems.Add(new Problem(rule, $"{what} has {description} ({type.Name})"));
        }
        if (type.DeniedApi is string denied) problems.Add(new Problem(VerifierRule.DeniedApi, $"{what} uses {denied}"));
        foreach (TypeReferenceHandle reference in seen) Covered.Add(reference);
        foreach (TypeReferenceHandle reference in seen) problems.AddRange(For(reference, caller).Where(p => p.Rule != VerifierRule.DeniedApi));
    }

    private void TypeReference(TypeReferenceHandle handle, TypeDefinitionHandle caller, List<Problem> problems)
    {
        string name = TypeNames.Of(Reader, handle);
        AssemblyReferenceHandle assemblyHandle = TypeNames.AssemblyOf(Reader, handle);
        if (assemblyHandle.IsNil) return;
        string assembly = Reader.GetString(Reader.GetAssemblyReference(assemblyHandle).Name);
        if (!_context.Policy.AllowedAssemblies.Contains(assembly))
        {
            problems.Add(new Problem(VerifierRule.AssemblyNotAllowed, $"uses {name} from {assembly}, which is not an allowed assembly"));
            return;
        }
        (string ns, string top) = TypeNames.TopLevel(Reader, handle);
        if (_context.Policy.DeniedApis.DenyType(ns, top) is string reason)
            problems.Add(new Problem(VerifierRule.DeniedApi, $"uses {name}: {reason}"));
        ResolvedType? resolved = _context.Resolver.ResolveType(Reader, handle, out string? problem);
        if (resolved is not ResolvedType type)
        {
            if (problem is not null) problems.Add(new Problem(VerifierRule.Inaccessible, $"uses {name}, but {problem}"));
            return;
        }
        if (!_context.Resolver.IsAccessible(type, caller))
            problems.Add(new Problem(VerifierRule.Inaccessible, $"uses {name}, which is not public in {assembly}"));
    }

    private void TypeSpecification(TypeSpecificationHandle handle, TypeDefinitionHandle caller, List<Problem> problems)
    {
        var seen = new List<TypeReferenceHandle>();
        SigType type = Reader.GetTypeSpecification(handle).DecodeSignature(_context.Types(seen), GenericNames.None);
        EntityHandle head = ReferenceResolver.GenericHead(Reader, handle);
        if (!head.IsNil) Covered.Add(head);
        Signature(type, seen, $"the type {type.Name}", caller, problems);
    }

    private void MethodSpecification(MethodSpecificationHandle handle, TypeDefinitionHandle caller, List<Problem> problems)
    {
        MethodSpecification spec = Reader.GetMethodSpecification(handle);
        problems.AddRange(For(spec.Method, caller));
        var seen = new List<TypeReferenceHandle>();
        foreach (SigType argument in spec.DecodeSignature(_context.Types(seen), GenericNames.None))
            Signature(argument, seen, $"the type argument {argument.Name}", caller, problems);
    }

    private void MemberReference(MemberReferenceHandle handle, TypeDefinitionHandle caller, List<Problem> problems)
    {
        MemberReference member = Reader.GetMemberReference(handle);
        string memberName = Reader.GetString(member.Name);
        string display = MemberNames.Of(Reader, handle);
        EntityHandle parent = member.Parent;

        if (parent.Kind is HandleKind.ModuleReference or HandleKind.MethodDefinition)
        {
            problems.Add(new Problem(parent.Kind == HandleKind.ModuleReference ? VerifierRule.PInvoke : VerifierRule.VarArgs,
                $"{display} is {(parent.Kind == HandleKind.ModuleReference ? "a global function of another module" : "a varargs call site")}"));
            return;
        }

        // The type the member belongs to: its own checks, then the member's name against the deny list.
        Covered.Add(parent);
        problems.AddRange(For(parent, caller));
        EntityHandle head = parent.Kind == HandleKind.TypeSpecification ? ReferenceResolver.GenericHead(Reader, (TypeSpecificationHandle)parent) : parent;
        bool external = head.Kind == HandleKind.TypeReference && TypeNames.IsFromOtherAssembly(Reader, (TypeReferenceHandle)head);
        if (external)
        {
            if (head != parent) problems.AddRange(For(head, caller));
            (string ns, string type) = TypeNames.TopLevel(Reader, (TypeReferenceHandle)head);
            if (_context.Policy.DeniedApis.DenyType(ns, type) is null && _context.Policy.DeniedApis.DenyMember(ns, type, memberName) is string reason)
                problems.Add(new Problem(VerifierRule.DeniedApi, $"uses {display}: {reason}"));
        }

        var seen = new List<TypeReferenceHandle>();
        if (member.GetKind() == MemberReferenceKind.Method)
        {
            MethodSignature<SigType> signature = member.DecodeMethodSignature(_context.Types(seen), GenericNames.None);
            if (signature.Header.CallingConvention is SignatureCallingConvention.VarArgs)
                problems.Add(new Problem(VerifierRule.VarArgs, $"{display} takes variable arguments (__arglist)"));
            foreach (SigType type in signature.ParameterTypes.Append(signature.ReturnType))
                Signature(type, seen, display, caller, problems);
        }
        else
        {
            Signature(member.DecodeFieldSignature(_context.Types(seen), GenericNames.None), seen, display, caller, problems);
        }

        // Existence and access, for members of the allowed assemblies (arrays' own methods have no definition).
        if (!external || head.IsNil || problems.Any(p => p.Rule is VerifierRule.AssemblyNotAllowed)) return;
        var resolved = _context.Resolver.ResolveMember(Reader, handle, out string? problem);
        if (resolved is not var (declaring, definition))
        {
            if (problem is not null) problems.Add(new Problem(VerifierRule.Inaccessible, $"uses {display}, but {problem}"));
            return;
        }
        int access = definition.Kind == HandleKind.MethodDefinition
            ? (int)(declaring.Reader.GetMethodDefinition((MethodDefinitionHandle)definition).Attributes & MethodAttributes.MemberAccessMask)
            : (int)(declaring.Reader.GetFieldDefinition((FieldDefinitionHandle)definition).Attributes & FieldAttributes.FieldAccessMask);
        bool protectedAccess = access is (int)MethodAttributes.Family or (int)MethodAttributes.FamORAssem;
        if (!(protectedAccess && caller.IsNil) && !_context.Resolver.IsAccessible(declaring, access, caller))
            problems.Add(new Problem(VerifierRule.Inaccessible, $"uses {display}, which is {AccessName(access)} in {declaring.AssemblyName}"));
    }

    private static string AccessName(int access) => (MethodAttributes)access switch
    {
        MethodAttributes.Private => "private",
        MethodAttributes.Assembly => "internal",
        MethodAttributes.FamANDAssem => "private protected",
        MethodAttributes.Family => "protected (and this type does not derive from it)",
        MethodAttributes.FamORAssem => "protected internal (and this type does not derive from it)",
        _ => "not accessible",
    };

    private static List<Problem> Distinct(List<Problem> problems)
    {
        var seen = new HashSet<Problem>();
        return problems.Where(seen.Add).ToList();
    }
}
