// Readable names of member references ("System.Runtime.CompilerServices.Unsafe.As<T>(object)") and of the
// short form an instruction shows ("Unsafe.As").
using System.Reflection.Metadata;

namespace Helios.Verifier.Metadata;

internal static class MemberNames
{
    public static string Of(MetadataReader reader, MemberReferenceHandle handle)
    {
        MemberReference member = reader.GetMemberReference(handle);
        string parent = member.Parent.Kind is HandleKind.TypeReference or HandleKind.TypeDefinition or HandleKind.TypeSpecification
            ? TypeNames.Of(reader, member.Parent)
            : member.Parent.Kind.ToString();
        string name = reader.GetString(member.Name);
        if (member.GetKind() != MemberReferenceKind.Method) return $"{parent}.{name}";
        try
        {
            MethodSignature<SigType> signature = member.DecodeMethodSignature(new SignatureTypes(Rules.ApiDenyList.Empty), GenericNames.None);
            string generics = signature.GenericParameterCount > 0 ? "<" + string.Join(", ", Enumerable.Range(0, signature.GenericParameterCount).Select(i => $"!!{i}")) + ">" : "";
            return $"{parent}.{name}{generics}({string.Join(", ", signature.ParameterTypes.Select(p => p.Name))})";
        }
        catch (BadImageFormatException)
        {
            return $"{parent}.{name}(?)";
        }
    }

    /// <summary>A method or field of any kind of handle, by name.</summary>
    public static string Of(MetadataReader reader, EntityHandle handle) => handle.Kind switch
    {
        HandleKind.MethodDefinition => TypeNames.Of(reader, (MethodDefinitionHandle)handle),
        HandleKind.FieldDefinition => TypeNames.Of(reader, (FieldDefinitionHandle)handle),
        HandleKind.MemberReference => Of(reader, (MemberReferenceHandle)handle),
        HandleKind.MethodSpecification => Of(reader, reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method),
        HandleKind.TypeDefinition or HandleKind.TypeReference or HandleKind.TypeSpecification => TypeNames.Of(reader, handle),
        _ => handle.Kind.ToString(),
    };

    /// <summary>What an instruction shows of its operand, as ILDasm would: "Unsafe::As", "Func`1::.ctor", a type's short name.</summary>
    public static string Short(MetadataReader reader, EntityHandle handle)
    {
        switch (handle.Kind)
        {
            case HandleKind.MethodSpecification:
                return Short(reader, reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method);
            case HandleKind.MemberReference:
                MemberReference member = reader.GetMemberReference((MemberReferenceHandle)handle);
                return $"{ShortType(reader, member.Parent)}::{reader.GetString(member.Name)}";
            case HandleKind.MethodDefinition:
                MethodDefinition method = reader.GetMethodDefinition((MethodDefinitionHandle)handle);
                return $"{ShortType(reader, method.GetDeclaringType())}::{reader.GetString(method.Name)}";
            case HandleKind.FieldDefinition:
                FieldDefinition field = reader.GetFieldDefinition((FieldDefinitionHandle)handle);
                return $"{ShortType(reader, field.GetDeclaringType())}::{reader.GetString(field.Name)}";
            default:
                return ShortType(reader, handle);
        }
    }

    private static string ShortType(MetadataReader reader, EntityHandle type)
    {
        if (type.Kind is not (HandleKind.TypeDefinition or HandleKind.TypeReference or HandleKind.TypeSpecification)) return type.Kind.ToString();
        string name = TypeNames.Of(reader, type);
        int generic = name.IndexOf('<');
        string head = generic < 0 ? name : name[..generic];
        int cut = head.LastIndexOfAny(['.', '/']);
        return name[(cut + 1)..];
    }
}
