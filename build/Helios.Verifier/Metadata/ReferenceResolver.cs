// Follows references from the app into the allowed assemblies (read from their files) and answers what the checks
// ask of a reference: does it exist, is it public (or protected and reachable through inheritance), is a type a
// delegate or an enum, how large is a primitive or enum element. Every walk is bounded, so cyclic or hostile
// metadata cannot hang it.
using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace Helios.Verifier.Metadata;

internal sealed class ReferenceResolver : IDisposable
{
    private const int MaxDepth = 64;

    private readonly MetadataReader _app;
    private readonly VerifierPolicy _policy;
    private readonly string? _appDirectory;
    private readonly Dictionary<string, MetadataReader?> _assemblies = new(StringComparer.Ordinal);
    private readonly Dictionary<MetadataReader, Dictionary<(string, string), TypeDefinitionHandle>> _topLevel = [];
    private readonly List<PEReader> _open = [];

    public ReferenceResolver(MetadataReader app, VerifierPolicy policy, string? appDirectory)
    {
        _app = app;
        _policy = policy;
        _appDirectory = appDirectory;
    }

    /// <summary>Allowed assemblies that were referenced but whose file was not found (so nothing in them could be checked).</summary>
    public SortedSet<string> Missing { get; } = new(StringComparer.Ordinal);

    public void Dispose()
    {
        foreach (PEReader reader in _open) reader.Dispose();
    }

    /// <summary>The definition a type reference names, or null when it is in an assembly that is not allowed, not
    /// found, or does not have it (problem says which; null when the assembly is simply not allowed).</summary>
    public ResolvedType? ResolveType(MetadataReader reader, TypeReferenceHandle handle, out string? problem, int depth = 0)
    {
        problem = null;
        if (depth > MaxDepth) { problem = "nests too deeply to resolve"; return null; }
        TypeReference type = reader.GetTypeReference(handle);
        string name = reader.GetString(type.Name);
        string ns = reader.GetString(type.Namespace);
        switch (type.ResolutionScope.Kind)
        {
            case HandleKind.TypeReference:
                ResolvedType? outer = ResolveType(reader, (TypeReferenceHandle)type.ResolutionScope, out problem, depth + 1);
                if (outer is not ResolvedType o) return null;
                foreach (TypeDefinitionHandle nested in o.Definition.GetNestedTypes())
                    if (o.Reader.GetString(o.Reader.GetTypeDefinition(nested).Name) == name) return new ResolvedType(o.Reader, nested);
                problem = $"{o.AssemblyName} has no type {o.Name}/{name}";
                return null;
            case HandleKind.AssemblyReference:
                string assembly = reader.GetString(reader.GetAssemblyReference((AssemblyReferenceHandle)type.ResolutionScope).Name);
                if (!_policy.AllowedAssemblies.Contains(assembly)) return null;
                MetadataReader? target = Load(assembly);
                if (target is null) { problem = $"{assembly}.dll was not found, so the reference cannot be checked"; return null; }
                if (TopLevel(target).TryGetValue((ns, name), out TypeDefinitionHandle found)) return new ResolvedType(target, found);
                problem = $"{assembly} has no type {(ns.Length == 0 ? name : ns + "." + name)}";
                return null;
            case HandleKind.ModuleDefinition:
                if (TopLevel(reader).TryGetValue((ns, name), out TypeDefinitionHandle own)) return new ResolvedType(reader, own);
                problem = $"this module has no type {ns}.{name}";
                return null;
            default:
                problem = $"a type in another module ({type.ResolutionScope.Kind}) cannot be resolved";
                return null;
        }
    }

    /// <summary>The type a TypeDef, TypeRef or (generic instance) TypeSpec handle names.</summary>
    public ResolvedType? ResolveTypeHandle(MetadataReader reader, EntityHandle handle, out string? problem, int depth = 0)
    {
        problem = null;
        switch (handle.Kind)
        {
            case HandleKind.TypeDefinition:
                return new ResolvedType(reader, (TypeDefinitionHandle)handle);
            case HandleKind.TypeReference:
                return ResolveType(reader, (TypeReferenceHandle)handle, out problem, depth);
            case HandleKind.TypeSpecification:
                EntityHandle head = GenericHead(reader, (TypeSpecificationHandle)handle);
                return head.IsNil || depth > MaxDepth ? null : ResolveTypeHandle(reader, head, out problem, depth + 1);
            default:
                return null;
        }
    }

    /// <summary>A member reference's definition: a method or field of a resolved type (or of a base type).</summary>
    public (ResolvedType Type, EntityHandle Member)? ResolveMember(MetadataReader reader, MemberReferenceHandle handle, out string? problem)
    {
        MemberReference member = reader.GetMemberReference(handle);
        ResolvedType? parent = ResolveTypeHandle(reader, member.Parent, out problem);
        if (parent is not ResolvedType start) return null;
        string name = reader.GetString(member.Name);
        string? wanted = NeutralSignature(reader, member);
        if (wanted is null) { problem = "its signature cannot be decoded"; return null; }
        ResolvedType? current = start;
        for (int depth = 0; current is ResolvedType type && depth < MaxDepth; depth++)
        {
            if (member.GetKind() == MemberReferenceKind.Method)
            {
                foreach (MethodDefinitionHandle candidate in type.Definition.GetMethods())
                {
                    MethodDefinition method = type.Reader.GetMethodDefinition(candidate);
                    if (type.Reader.GetString(method.Name) == name && NeutralSignature(type.Reader, method) == wanted) return (type, candidate);
                }
            }
            else
            {
                foreach (FieldDefinitionHandle candidate in type.Definition.GetFields())
                {
                    FieldDefinition field = type.Reader.GetFieldDefinition(candidate);
                    if (type.Reader.GetString(field.Name) == name && NeutralSignature(type.Reader, field) == wanted) return (type, candidate);
                }
            }
            EntityHandle baseType = type.Definition.BaseType;
            current = baseType.IsNil ? null : ResolveTypeHandle(type.Reader, baseType, out _);
        }
        problem = $"{start.AssemblyName} has no {(member.GetKind() == MemberReferenceKind.Method ? "method" : "field")} {start.Name}.{name} with this signature";
        return null;
    }

    /// <summary>Whether code in the app's type caller may name type: public all the way out, or nested-protected in a
    /// type the caller derives from.</summary>
    public bool IsAccessible(ResolvedType type, TypeDefinitionHandle caller)
    {
        for (int depth = 0; depth < MaxDepth; depth++)
        {
            TypeDefinition definition = type.Definition;
            switch (definition.Attributes & TypeAttributes.VisibilityMask)
            {
                case TypeAttributes.Public:
                    return true;
                case TypeAttributes.NestedPublic:
                    break;
                case TypeAttributes.NestedFamily:
                case TypeAttributes.NestedFamORAssem:
                    if (!Derives(caller, new ResolvedType(type.Reader, definition.GetDeclaringType()))) return false;
                    break;
                default:
                    return false;
            }
            type = new ResolvedType(type.Reader, definition.GetDeclaringType());
        }
        return false;
    }

    /// <summary>Whether code in caller may use a member with this access: public, or protected through inheritance.</summary>
    public bool IsAccessible(ResolvedType declaring, int memberAccess, TypeDefinitionHandle caller) =>
        // MethodAttributes.MemberAccessMask and FieldAttributes.FieldAccessMask share their encoding.
        (MethodAttributes)memberAccess switch
        {
            MethodAttributes.Public => true,
            MethodAttributes.Family or MethodAttributes.FamORAssem => Derives(caller, declaring),
            _ => false,
        };

    /// <summary>Whether the app's type (or a type enclosing it) has target among its base types.</summary>
    public bool Derives(TypeDefinitionHandle caller, ResolvedType target)
    {
        for (TypeDefinitionHandle scope = caller; !scope.IsNil; scope = _app.GetTypeDefinition(scope).GetDeclaringType())
        {
            ResolvedType? current = new ResolvedType(_app, scope);
            for (int depth = 0; current is ResolvedType type && depth < MaxDepth; depth++)
            {
                if (type.Reader == target.Reader && type.Handle == target.Handle) return true;
                EntityHandle baseType = type.Definition.BaseType;
                current = baseType.IsNil ? null : ResolveTypeHandle(type.Reader, baseType, out _);
            }
        }
        return false;
    }

    /// <summary>Whether a type derives from System.MulticastDelegate (or System.Delegate).</summary>
    public bool IsDelegate(ResolvedType type)
    {
        ResolvedType? current = type;
        for (int depth = 0; current is ResolvedType t && depth < MaxDepth; depth++)
        {
            EntityHandle baseType = t.Definition.BaseType;
            if (baseType.IsNil) return false;
            string baseName = TypeNames.Of(t.Reader, baseType);
            if (baseName is "System.MulticastDelegate" or "System.Delegate") return true;
            current = ResolveTypeHandle(t.Reader, baseType, out _);
        }
        return false;
    }

    /// <summary>The size of an element a compiler-generated array initializer copies: a primitive or an enum; null otherwise.</summary>
    public int? ElementSize(MetadataReader reader, EntityHandle type)
    {
        string name = TypeNames.Of(reader, type);
        if (PrimitiveSize(name) is int size) return size;
        if (ResolveTypeHandle(reader, type, out _) is not ResolvedType resolved) return null;
        if (resolved.Definition.BaseType.IsNil || TypeNames.Of(resolved.Reader, resolved.Definition.BaseType) != "System.Enum") return null;
        foreach (FieldDefinitionHandle f in resolved.Definition.GetFields())
        {
            FieldDefinition field = resolved.Reader.GetFieldDefinition(f);
            if ((field.Attributes & FieldAttributes.Static) != 0) continue;
            BlobReader blob = resolved.Reader.GetBlobReader(field.Signature);
            if (blob.ReadSignatureHeader().Kind != SignatureKind.Field) return null;
            return PrimitiveSize((SignatureTypeCode)blob.ReadByte());
        }
        return null;
    }

    public static int? PrimitiveSize(string fullName) => fullName switch
    {
        "System.Boolean" or "System.Byte" or "System.SByte" or "bool" or "byte" or "sbyte" => 1,
        "System.Char" or "System.Int16" or "System.UInt16" or "char" or "short" or "ushort" => 2,
        "System.Int32" or "System.UInt32" or "System.Single" or "int" or "uint" or "float" => 4,
        "System.Int64" or "System.UInt64" or "System.Double" or "System.IntPtr" or "System.UIntPtr" or "long" or "ulong" or "double" or "nint" or "nuint" => 8,
        _ => null,
    };

    public static int? PrimitiveSize(SignatureTypeCode code) => code switch
    {
        SignatureTypeCode.Boolean or SignatureTypeCode.Byte or SignatureTypeCode.SByte => 1,
        SignatureTypeCode.Char or SignatureTypeCode.Int16 or SignatureTypeCode.UInt16 => 2,
        SignatureTypeCode.Int32 or SignatureTypeCode.UInt32 or SignatureTypeCode.Single => 4,
        SignatureTypeCode.Int64 or SignatureTypeCode.UInt64 or SignatureTypeCode.Double or SignatureTypeCode.IntPtr or SignatureTypeCode.UIntPtr => 8,
        _ => null,
    };

    /// <summary>The generic type a "GenericType&lt;args&gt;" TypeSpec instantiates; nil for any other TypeSpec.</summary>
    public static EntityHandle GenericHead(MetadataReader reader, TypeSpecificationHandle handle)
    {
        BlobReader blob = reader.GetBlobReader(reader.GetTypeSpecification(handle).Signature);
        if (blob.RemainingBytes < 2 || blob.ReadSignatureTypeCode() != SignatureTypeCode.GenericTypeInstance) return default;
        SignatureTypeCode kind = blob.ReadSignatureTypeCode();
        if (kind != SignatureTypeCode.TypeHandle) return default;
        return blob.ReadTypeHandle();
    }

    private static string? NeutralSignature(MetadataReader reader, MemberReference member)
    {
        try
        {
            if (member.GetKind() == MemberReferenceKind.Method)
            {
                MethodSignature<SigType> s = member.DecodeMethodSignature(SignatureTypes.Neutral, GenericNames.None);
                return Describe(s);
            }
            return member.DecodeFieldSignature(SignatureTypes.Neutral, GenericNames.None).Name;
        }
        catch (BadImageFormatException)
        {
            return null;
        }
    }

    private static string? NeutralSignature(MetadataReader reader, MethodDefinition method)
    {
        try { return Describe(method.DecodeSignature(SignatureTypes.Neutral, GenericNames.None)); }
        catch (BadImageFormatException) { return null; }
    }

    private static string? NeutralSignature(MetadataReader reader, FieldDefinition field)
    {
        try { return field.DecodeSignature(SignatureTypes.Neutral, GenericNames.None).Name; }
        catch (BadImageFormatException) { return null; }
    }

    private static string Describe(MethodSignature<SigType> s) =>
        $"{(s.Header.IsInstance ? "instance " : "")}{s.GenericParameterCount} {s.ReturnType.Name} ({string.Join(", ", s.ParameterTypes.Select(p => p.Name))})";

    private Dictionary<(string, string), TypeDefinitionHandle> TopLevel(MetadataReader reader)
    {
        if (_topLevel.TryGetValue(reader, out var map)) return map;
        map = [];
        foreach (TypeDefinitionHandle handle in reader.TypeDefinitions)
        {
            TypeDefinition type = reader.GetTypeDefinition(handle);
            if (type.GetDeclaringType().IsNil) map.TryAdd((reader.GetString(type.Namespace), reader.GetString(type.Name)), handle);
        }
        return _topLevel[reader] = map;
    }

    private MetadataReader? Load(string assembly)
    {
        if (_assemblies.TryGetValue(assembly, out MetadataReader? known)) return known;
        MetadataReader? found = null;
        foreach (string candidate in Candidates(assembly))
        {
            if (!File.Exists(candidate)) continue;
            try
            {
                var pe = new PEReader(ImmutableArray.Create(File.ReadAllBytes(candidate)));
                if (!pe.HasMetadata) { pe.Dispose(); continue; }
                MetadataReader reader = pe.GetMetadataReader();
                if (!reader.IsAssembly || reader.GetString(reader.GetAssemblyDefinition().Name) != assembly) { pe.Dispose(); continue; }
                _open.Add(pe);
                found = reader;
                break;
            }
            catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException)
            {
                // Not a usable copy of the assembly: try the next place.
            }
        }
        if (found is null) Missing.Add(assembly);
        return _assemblies[assembly] = found;
    }

    private IEnumerable<string> Candidates(string assembly)
    {
        foreach (string path in _policy.ReferencePaths)
        {
            if (Directory.Exists(path)) yield return Path.Combine(path, assembly + ".dll");
            else if (string.Equals(Path.GetFileNameWithoutExtension(path), assembly, StringComparison.Ordinal)) yield return path;
        }
        if (_appDirectory is not null) yield return Path.Combine(_appDirectory, assembly + ".dll");
    }
}
