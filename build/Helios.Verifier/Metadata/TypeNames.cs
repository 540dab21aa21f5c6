// Names of types and members for messages and for matching references to definitions: "Namespace.Type", nested
// types as "Outer/Inner" (as ILDasm writes them), methods as "Type.Method(int, string[])".
using System.Reflection.Metadata;

namespace Helios.Verifier.Metadata;

internal static class TypeNames
{
    public static string Of(MetadataReader reader, TypeDefinitionHandle handle)
    {
        TypeDefinition type = reader.GetTypeDefinition(handle);
        string name = reader.GetString(type.Name);
        TypeDefinitionHandle outer = type.GetDeclaringType();
        if (!outer.IsNil) return Of(reader, outer) + "/" + name;
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    public static string Of(MetadataReader reader, TypeReferenceHandle handle)
    {
        TypeReference type = reader.GetTypeReference(handle);
        string name = reader.GetString(type.Name);
        if (type.ResolutionScope.Kind == HandleKind.TypeReference) return Of(reader, (TypeReferenceHandle)type.ResolutionScope) + "/" + name;
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    /// <summary>A TypeDef, TypeRef or TypeSpec handle's name.</summary>
    public static string Of(MetadataReader reader, EntityHandle handle) => handle.Kind switch
    {
        HandleKind.TypeDefinition => Of(reader, (TypeDefinitionHandle)handle),
        HandleKind.TypeReference => Of(reader, (TypeReferenceHandle)handle),
        HandleKind.TypeSpecification => reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(new SignatureTypes(Rules.ApiDenyList.Empty), GenericNames.None).Name,
        _ => handle.Kind.ToString(),
    };

    /// <summary>The outermost type a reference names (for nested types, the one its namespace belongs to).</summary>
    public static (string Namespace, string Name) TopLevel(MetadataReader reader, TypeReferenceHandle handle)
    {
        TypeReference type = reader.GetTypeReference(handle);
        while (type.ResolutionScope.Kind == HandleKind.TypeReference) type = reader.GetTypeReference((TypeReferenceHandle)type.ResolutionScope);
        return (reader.GetString(type.Namespace), reader.GetString(type.Name));
    }

    /// <summary>The assembly a type reference points into; nil when it is this module's own.</summary>
    public static AssemblyReferenceHandle AssemblyOf(MetadataReader reader, TypeReferenceHandle handle)
    {
        TypeReference type = reader.GetTypeReference(handle);
        while (type.ResolutionScope.Kind == HandleKind.TypeReference) type = reader.GetTypeReference((TypeReferenceHandle)type.ResolutionScope);
        return type.ResolutionScope.Kind == HandleKind.AssemblyReference ? (AssemblyReferenceHandle)type.ResolutionScope : default;
    }

    public static bool IsFromOtherAssembly(MetadataReader reader, TypeReferenceHandle handle) => !AssemblyOf(reader, handle).IsNil;

    /// <summary>"Type.Method(int, string[])" for a method defined in this module.</summary>
    public static string Of(MetadataReader reader, MethodDefinitionHandle handle)
    {
        MethodDefinition method = reader.GetMethodDefinition(handle);
        string name = reader.GetString(method.Name);
        string typeName = Of(reader, method.GetDeclaringType());
        var generics = method.GetGenericParameters();
        if (generics.Count > 0) name += "<" + string.Join(", ", generics.Select(g => reader.GetString(reader.GetGenericParameter(g).Name))) + ">";
        try
        {
            var signature = method.DecodeSignature(new SignatureTypes(Rules.ApiDenyList.Empty), GenericNames.For(reader, method.GetDeclaringType(), handle));
            return $"{typeName}.{name}({string.Join(", ", signature.ParameterTypes.Select(p => p.Name))})";
        }
        catch (BadImageFormatException)
        {
            return $"{typeName}.{name}(?)";
        }
    }

    public static string Of(MetadataReader reader, FieldDefinitionHandle handle)
    {
        FieldDefinition field = reader.GetFieldDefinition(handle);
        return Of(reader, field.GetDeclaringType()) + "." + reader.GetString(field.Name);
    }
}
