// Decodes signature types into the StackKind a value of that type has on the evaluation stack: small integers and
// enums are int32, pointers native int (they are numbers to the machine), classes and arrays object references.
using System.Collections.Immutable;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal sealed class StackKindTypes : ISignatureTypeProvider<StackKind, object?>
{
    private readonly ReferenceResolver _resolver;
    private readonly Dictionary<(MetadataReader, EntityHandle), StackKind> _valueTypes = [];

    public StackKindTypes(ReferenceResolver resolver)
    {
        _resolver = resolver;
    }

    public StackKind GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode switch
    {
        PrimitiveTypeCode.Boolean or PrimitiveTypeCode.Char or PrimitiveTypeCode.SByte or PrimitiveTypeCode.Byte
            or PrimitiveTypeCode.Int16 or PrimitiveTypeCode.UInt16 or PrimitiveTypeCode.Int32 or PrimitiveTypeCode.UInt32 => StackKind.Int32,
        PrimitiveTypeCode.Int64 or PrimitiveTypeCode.UInt64 => StackKind.Int64,
        PrimitiveTypeCode.Single or PrimitiveTypeCode.Double => StackKind.Float,
        PrimitiveTypeCode.IntPtr or PrimitiveTypeCode.UIntPtr => StackKind.NativeInt,
        PrimitiveTypeCode.Object or PrimitiveTypeCode.String => StackKind.ObjRef,
        PrimitiveTypeCode.TypedReference => StackKind.Value,
        _ => StackKind.Unknown,
    };

    public StackKind GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) =>
        rawTypeKind == (byte)SignatureTypeKind.Class ? StackKind.ObjRef : ValueType(reader, handle);

    public StackKind GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) =>
        rawTypeKind == (byte)SignatureTypeKind.Class ? StackKind.ObjRef : ValueType(reader, handle);

    public StackKind GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    public StackKind GetSZArrayType(StackKind elementType) => StackKind.ObjRef;

    public StackKind GetArrayType(StackKind elementType, ArrayShape shape) => StackKind.ObjRef;

    public StackKind GetByReferenceType(StackKind elementType) => StackKind.ByRef;

    public StackKind GetPointerType(StackKind elementType) => StackKind.NativeInt;

    public StackKind GetFunctionPointerType(MethodSignature<StackKind> signature) => StackKind.NativeInt;

    public StackKind GetGenericInstantiation(StackKind genericType, ImmutableArray<StackKind> typeArguments) => genericType;

    /// <summary>The kinds of the type and method arguments a member reference is instantiated with, as a decoding
    /// context: List&lt;Entry&gt;.get_Item returns T, which is then an object reference, so reading a field of what it
    /// returned is not taken for reading at an unknown address.</summary>
    public sealed record GenericKinds(ImmutableArray<StackKind> Type, ImmutableArray<StackKind> Method);

    public StackKind GetGenericMethodParameter(object? genericContext, int index) =>
        genericContext is GenericKinds kinds && index < kinds.Method.Length ? kinds.Method[index] : StackKind.Unknown;

    public StackKind GetGenericTypeParameter(object? genericContext, int index) =>
        genericContext is GenericKinds kinds && index < kinds.Type.Length ? kinds.Type[index] : StackKind.Unknown;

    /// <summary>The kinds of the type arguments of <paramref name="type"/> when it is a generic instantiation
    /// (a type specification such as List&lt;Entry&gt;); empty otherwise. Arguments that are themselves the caller's
    /// generic parameters stay Unknown.</summary>
    public ImmutableArray<StackKind> InstantiationArguments(MetadataReader reader, EntityHandle type)
    {
        if (type.Kind != HandleKind.TypeSpecification) return [];
        BlobReader blob = reader.GetBlobReader(reader.GetTypeSpecification((TypeSpecificationHandle)type).Signature);
        if (blob.ReadByte() != (byte)SignatureTypeCode.GenericTypeInstance) return [];
        blob.ReadByte();                        // CLASS or VALUETYPE
        blob.ReadTypeHandle();
        int count = blob.ReadCompressedInteger();
        var decoder = new SignatureDecoder<StackKind, object?>(this, reader, null);
        var arguments = ImmutableArray.CreateBuilder<StackKind>(count);
        for (int i = 0; i < count; i++) arguments.Add(decoder.DecodeType(ref blob));
        return arguments.MoveToImmutable();
    }

    public StackKind GetModifiedType(StackKind modifier, StackKind unmodifiedType, bool isRequired) => unmodifiedType;

    public StackKind GetPinnedType(StackKind elementType) => elementType;

    public StackKind GetSentinelType() => StackKind.Unknown;

    /// <summary>The kind of a type named by a token (ldobj, box, newarr ...): primitives by name, enums as their
    /// underlying integer, other value types as Value, everything else an object reference.</summary>
    public StackKind OfTypeToken(MetadataReader reader, EntityHandle type)
    {
        if (type.Kind == HandleKind.TypeSpecification) return GetTypeFromSpecification(reader, null, (TypeSpecificationHandle)type, 0);
        if (type.Kind is not (HandleKind.TypeDefinition or HandleKind.TypeReference)) return StackKind.Unknown;
        StackKind byName = Primitive(TypeNames.Of(reader, type));
        if (byName != StackKind.Unknown) return byName;
        ResolvedType? resolved = _resolver.ResolveTypeHandle(reader, type, out _);
        if (resolved is not ResolvedType t) return StackKind.Unknown;
        string baseName = t.Definition.BaseType.IsNil ? "" : TypeNames.Of(t.Reader, t.Definition.BaseType);
        return baseName is "System.ValueType" or "System.Enum" ? ValueType(reader, type) : StackKind.ObjRef;
    }

    private StackKind ValueType(MetadataReader reader, EntityHandle handle)
    {
        if (_valueTypes.TryGetValue((reader, handle), out StackKind known)) return known;
        StackKind kind = Primitive(TypeNames.Of(reader, handle));
        if (kind == StackKind.Unknown)
        {
            kind = StackKind.Value;
            if (_resolver.ResolveTypeHandle(reader, handle, out _) is ResolvedType type && !type.Definition.BaseType.IsNil
                && TypeNames.Of(type.Reader, type.Definition.BaseType) == "System.Enum")
            {
                foreach (FieldDefinitionHandle f in type.Definition.GetFields())
                {
                    FieldDefinition field = type.Reader.GetFieldDefinition(f);
                    if ((field.Attributes & System.Reflection.FieldAttributes.Static) != 0) continue;
                    _valueTypes[(reader, handle)] = StackKind.Unknown;   // guards against an enum whose field is itself
                    kind = field.DecodeSignature(this, null);
                    break;
                }
            }
        }
        return _valueTypes[(reader, handle)] = kind;
    }

    private static StackKind Primitive(string name) => name switch
    {
        "System.Boolean" or "System.Char" or "System.SByte" or "System.Byte" or "System.Int16" or "System.UInt16" or "System.Int32" or "System.UInt32" => StackKind.Int32,
        "System.Int64" or "System.UInt64" => StackKind.Int64,
        "System.Single" or "System.Double" => StackKind.Float,
        "System.IntPtr" or "System.UIntPtr" => StackKind.NativeInt,
        _ => StackKind.Unknown,
    };
}
