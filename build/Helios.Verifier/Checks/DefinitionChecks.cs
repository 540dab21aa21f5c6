// Checks everything the app defines and declares outside method bodies: the assemblies and modules it references,
// its attributes, and each type, field, method, property and event (flags, signatures, layout), then sweeps the
// reference tables for anything unsafe that no definition or body used (and so was not yet reported).
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Metadata;
using Helios.Verifier.Rules;

namespace Helios.Verifier.Checks;

internal sealed class DefinitionChecks
{
    private readonly VerificationContext _context;
    private readonly BodyChecks _bodies;

    public DefinitionChecks(VerificationContext context)
    {
        _context = context;
        _bodies = new BodyChecks(context);
    }

    private MetadataReader Reader => _context.Reader;

    public void Run()
    {
        CheckAssembly();
        CheckAttributes();
        foreach (TypeDefinitionHandle type in Reader.TypeDefinitions) CheckType(type);
        foreach (TypeDefinitionHandle type in Reader.TypeDefinitions)
        {
            _context.Site = type;
            foreach (MethodImplementationHandle impl in Reader.GetTypeDefinition(type).GetMethodImplementations()) CheckMethodImplementation(impl);
        }
        // What the sweep finds is used by no definition, so it has no place in the source.
        _context.Site = default;
        Sweep();
    }

    private void CheckAssembly()
    {
        string self = Reader.IsAssembly ? Reader.GetString(Reader.GetAssemblyDefinition().Name) : "";
        if (_context.Policy.AllowedAssemblies.Contains(self))
            _context.Report(VerifierRule.AssemblyNotAllowed, $"assembly {self}", "an app may not take the name of an assembly it is allowed to reference");
        var allowed = string.Join(", ", _context.Policy.AllowedAssemblies.Order(StringComparer.Ordinal));
        foreach (AssemblyReferenceHandle handle in Reader.AssemblyReferences)
        {
            string name = Reader.GetString(Reader.GetAssemblyReference(handle).Name);
            if (_context.Policy.AllowedAssemblies.Contains(name)) continue;
            string[] used = Reader.TypeReferences.Where(t => TypeNames.AssemblyOf(Reader, t) == handle).Select(t => TypeNames.Of(Reader, t)).Distinct().Take(4).ToArray();
            _context.Report(VerifierRule.AssemblyNotAllowed, $"reference to assembly {name}",
                $"a SIP may reference only {allowed}{(used.Length > 0 ? $"; it uses {string.Join(", ", used)}" : "")}");
        }
        // A multi-module assembly names each of its other modules twice, as a file of the assembly and as a module
        // reference; the file's HV0013 is the one reason given, never "native module" (HV0004) as well.
        var moduleFiles = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (AssemblyFileHandle handle in Reader.AssemblyFiles)
        {
            AssemblyFile file = Reader.GetAssemblyFile(handle);
            string name = Reader.GetString(file.Name);
            if (file.ContainsMetadata) moduleFiles.Add(name);
            _context.Report(VerifierRule.BadImage, $"file {name}", "multi-module assemblies are not supported: an app is one module");
        }
        for (int row = 1; row <= Reader.GetTableRowCount(TableIndex.ModuleRef); row++)
        {
            ModuleReferenceHandle handle = MetadataTokens.ModuleReferenceHandle(row);
            string name = Reader.GetString(Reader.GetModuleReference(handle).Name);
            if (moduleFiles.Contains(name)) continue;
            _context.Report(VerifierRule.PInvoke, $"reference to native module {name}", "a SIP cannot load or call native code");
        }
        foreach (ExportedTypeHandle handle in Reader.ExportedTypes)
        {
            ExportedType exported = Reader.GetExportedType(handle);
            _context.Report(VerifierRule.BadImage, $"exported type {Reader.GetString(exported.Namespace)}.{Reader.GetString(exported.Name)}", "type forwarders are not supported: an app defines its own types");
        }
    }

    /// <summary>Attributes that make code unsafe or native are refused by name, wherever they are applied.</summary>
    private void CheckAttributes()
    {
        foreach (CustomAttributeHandle handle in Reader.CustomAttributes)
        {
            CustomAttribute attribute = Reader.GetCustomAttribute(handle);
            EntityHandle type = attribute.Constructor.Kind switch
            {
                HandleKind.MemberReference => Reader.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent,
                HandleKind.MethodDefinition => Reader.GetMethodDefinition((MethodDefinitionHandle)attribute.Constructor).GetDeclaringType(),
                _ => default,
            };
            if (type.IsNil) continue;
            string name = TypeNames.Of(Reader, type);
            if (!ForbiddenAttributes.TryGet(name, out VerifierRule rule, out string reason)) continue;
            _context.Site = attribute.Parent.Kind is HandleKind.TypeDefinition or HandleKind.MethodDefinition or HandleKind.FieldDefinition ? attribute.Parent : default;
            _context.Report(rule, Describe(attribute.Parent), $"[{Short(name)}]: {reason}");
        }
    }

    private void CheckType(TypeDefinitionHandle handle)
    {
        TypeDefinition type = Reader.GetTypeDefinition(handle);
        string where = $"type {TypeNames.Of(Reader, handle)}";
        _context.Site = handle;
        if ((type.Attributes & TypeAttributes.Import) != 0)
            _context.Report(VerifierRule.PInvoke, where, "is a COM import");
        if ((type.Attributes & TypeAttributes.WindowsRuntime) != 0)
            _context.Report(VerifierRule.PInvoke, where, "is a Windows Runtime type");
        ExplicitLayoutCheck.Check(_context, handle);

        if (!type.BaseType.IsNil) Use(type.BaseType, handle, where);
        foreach (InterfaceImplementationHandle i in type.GetInterfaceImplementations()) Use(Reader.GetInterfaceImplementation(i).Interface, handle, where);
        CheckConstraints(type.GetGenericParameters(), handle, where);

        foreach (FieldDefinitionHandle field in type.GetFields()) CheckField(field, handle);
        foreach (MethodDefinitionHandle method in type.GetMethods()) CheckMethod(method, handle);
        _context.Site = handle;
        foreach (PropertyDefinitionHandle p in type.GetProperties())
        {
            PropertyDefinition property = Reader.GetPropertyDefinition(p);
            string what = $"{where[5..]}.{Reader.GetString(property.Name)}";
            CheckSignature(() => [property.DecodeSignature(_context.Types(_seen), GenericNames.For(Reader, handle)).ReturnType], $"property {what}", handle);
        }
        foreach (EventDefinitionHandle e in type.GetEvents())
            Use(Reader.GetEventDefinition(e).Type, handle, $"event {where[5..]}.{Reader.GetString(Reader.GetEventDefinition(e).Name)}");
    }

    private void CheckField(FieldDefinitionHandle handle, TypeDefinitionHandle declaring)
    {
        FieldDefinition field = Reader.GetFieldDefinition(handle);
        string where = $"field {TypeNames.Of(Reader, handle)}";
        _context.Site = handle;
        if ((field.Attributes & FieldAttributes.HasFieldMarshal) != 0)
            _context.Report(VerifierRule.PInvoke, where, "has native marshalling information");
        CheckSignature(() => [field.DecodeSignature(_context.Types(_seen), GenericNames.For(Reader, declaring))], where, declaring);
        if ((field.Attributes & FieldAttributes.HasFieldRVA) != 0
            && new LayoutShapes(_context.Resolver).OfField(Reader, field, []).HasReferences)
            _context.Report(VerifierRule.UnsafeCode, where, "has initial data in the image but holds object references");
    }

    private void CheckMethod(MethodDefinitionHandle handle, TypeDefinitionHandle declaring)
    {
        MethodDefinition method = Reader.GetMethodDefinition(handle);
        string where = TypeNames.Of(Reader, handle);
        _context.Site = handle;
        MethodImplAttributes impl = method.ImplAttributes;
        bool delegateType = _context.Resolver.IsDelegate(new ResolvedType(Reader, declaring));
        bool runtimeImplemented = (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.Runtime;

        if ((method.Attributes & MethodAttributes.PinvokeImpl) != 0)
        {
            MethodImport import = method.GetImport();
            string module = import.Module.IsNil ? "?" : Reader.GetString(Reader.GetModuleReference(import.Module).Name);
            _context.Report(VerifierRule.PInvoke, where, $"is a P/Invoke of {module}!{Reader.GetString(import.Name)} (DllImport): a SIP cannot call native code: it runs beside the kernel, which loads no native library into it; ask a service over a channel for what the library would do");
        }
        else if ((impl & MethodImplAttributes.InternalCall) != 0)
            _context.Report(VerifierRule.PInvoke, where, "is implemented inside the runtime (MethodImplOptions.InternalCall)");
        else if ((impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.Native)
            _context.Report(VerifierRule.PInvoke, where, "is native code");
        else if ((impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.OPTIL)
            _context.Report(VerifierRule.BadImage, where, "is OPTIL code");
        else if (runtimeImplemented && !delegateType)
            _context.Report(VerifierRule.PInvoke, where, "is implemented by the runtime, which only delegate types may ask for");
        else if (method.RelativeVirtualAddress == 0 && (method.Attributes & MethodAttributes.Abstract) == 0 && !runtimeImplemented)
            _context.Report(VerifierRule.PInvoke, where, "has no body (extern): the compiler would bind it to a native symbol");
        if ((impl & MethodImplAttributes.Unmanaged) != 0)
            _context.Report(VerifierRule.PInvoke, where, "is marked unmanaged");

        CheckConstraints(method.GetGenericParameters(), declaring, where);
        SignatureHeader header = Reader.GetBlobReader(method.Signature).ReadSignatureHeader();
        if (header.CallingConvention != SignatureCallingConvention.Default)
            _context.Report(header.CallingConvention == SignatureCallingConvention.VarArgs ? VerifierRule.VarArgs : VerifierRule.PInvoke, where,
                $"uses the {header.CallingConvention} calling convention");
        CheckSignature(() =>
        {
            MethodSignature<SigType> signature = method.DecodeSignature(_context.Types(_seen), GenericNames.For(Reader, declaring, handle));
            return [.. signature.ParameterTypes, signature.ReturnType];
        }, where, declaring);

        if (method.RelativeVirtualAddress != 0) _bodies.Check(handle, where);
    }

    private void CheckMethodImplementation(MethodImplementationHandle handle)
    {
        MethodImplementation impl = Reader.GetMethodImplementation(handle);
        string where = $"type {TypeNames.Of(Reader, impl.Type)}";
        Use(impl.MethodDeclaration, impl.Type, where);
    }

    private void CheckConstraints(GenericParameterHandleCollection parameters, TypeDefinitionHandle caller, string where)
    {
        foreach (GenericParameterHandle p in parameters)
            foreach (GenericParameterConstraintHandle c in Reader.GetGenericParameter(p).GetConstraints())
                Use(Reader.GetGenericParameterConstraint(c).Type, caller, where);
    }

    private readonly List<TypeReferenceHandle> _seen = [];

    /// <summary>Decodes a definition's signature types and reports what is unsafe or inaccessible in them.</summary>
    private void CheckSignature(Func<SigType[]> decode, string where, TypeDefinitionHandle caller)
    {
        _seen.Clear();
        SigType[] types;
        try
        {
            types = decode();
        }
        catch (BadImageFormatException e)
        {
            _context.Report(VerifierRule.BadImage, where, $"its signature cannot be decoded: {e.Message}");
            return;
        }
        var problems = new List<Problem>();
        foreach (SigType type in types) _context.References.Signature(type, [], "its signature", caller, problems);
        foreach (TypeReferenceHandle reference in _seen.Distinct().ToList())
            problems.AddRange(_context.References.For(reference, caller).Where(p => p.Rule != VerifierRule.DeniedApi));
        _context.Report(problems.Distinct(), where);
        foreach (TypeReferenceHandle reference in _seen) _context.Checked.Add(reference);
    }

    /// <summary>A type or member handle used by a definition (base type, interface, constraint, override).</summary>
    private void Use(EntityHandle handle, TypeDefinitionHandle caller, string where)
    {
        _context.Report(_context.References.For(handle, caller), where);
        _context.Checked.Add(handle);
    }

    /// <summary>References not used by any definition or body still must not be unsafe (a type spec of int*, a
    /// member reference to Marshal): reported once each, as references.</summary>
    private void Sweep()
    {
        // Members before the types they name, so that a problem with a type is reported with the member using it.
        IEnumerable<EntityHandle> all = Reader.MemberReferences.Select(h => (EntityHandle)h)
            .Concat(Enumerable.Range(1, Reader.GetTableRowCount(TableIndex.MethodSpec)).Select(r => (EntityHandle)MetadataTokens.MethodSpecificationHandle(r)))
            .Concat(Enumerable.Range(1, Reader.GetTableRowCount(TableIndex.TypeSpec)).Select(r => (EntityHandle)MetadataTokens.TypeSpecificationHandle(r)))
            .Concat(Reader.TypeReferences.Select(h => (EntityHandle)h));
        foreach (EntityHandle handle in all)
        {
            if (_context.Checked.Contains(handle) || _context.References.Covered.Contains(handle)) continue;
            IReadOnlyList<Problem> problems = _context.References.For(handle, default);
            // An assembly that is not allowed was reported once for the whole assembly.
            _context.Report(problems.Where(p => p.Rule != VerifierRule.AssemblyNotAllowed), $"reference to {MemberNames.Of(Reader, handle)}");
        }
        for (int row = 1; row <= Reader.GetTableRowCount(TableIndex.StandAloneSig); row++)
        {
            StandaloneSignatureHandle handle = MetadataTokens.StandaloneSignatureHandle(row);
            if (_context.Checked.Contains(handle)) continue;
            StandaloneSignature signature = Reader.GetStandaloneSignature(handle);
            string where = $"standalone signature 0x{MetadataTokens.GetToken(handle):X8}";
            if (signature.GetKind() == StandaloneSignatureKind.Method)
                _context.Report(VerifierRule.FunctionPointer, where, "is a call site signature for calli");
            else
                CheckSignature(() => [.. signature.DecodeLocalSignature(_context.Types(_seen), GenericNames.None)], where, default);
        }
    }

    private string Describe(EntityHandle parent) => parent.Kind switch
    {
        HandleKind.AssemblyDefinition => "assembly",
        HandleKind.ModuleDefinition => "module",
        HandleKind.TypeDefinition => $"type {TypeNames.Of(Reader, (TypeDefinitionHandle)parent)}",
        HandleKind.MethodDefinition => TypeNames.Of(Reader, (MethodDefinitionHandle)parent),
        HandleKind.FieldDefinition => $"field {TypeNames.Of(Reader, (FieldDefinitionHandle)parent)}",
        HandleKind.Parameter => $"parameter {Reader.GetString(Reader.GetParameter((ParameterHandle)parent).Name)}",
        HandleKind.PropertyDefinition => $"property {Reader.GetString(Reader.GetPropertyDefinition((PropertyDefinitionHandle)parent).Name)}",
        HandleKind.EventDefinition => $"event {Reader.GetString(Reader.GetEventDefinition((EventDefinitionHandle)parent).Name)}",
        _ => parent.Kind.ToString(),
    };

    private static string Short(string attribute)
    {
        string name = attribute[(attribute.LastIndexOf('.') + 1)..];
        return name.EndsWith("Attribute", StringComparison.Ordinal) ? name[..^"Attribute".Length] : name;
    }
}
