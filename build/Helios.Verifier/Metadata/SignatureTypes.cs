// Decodes signature blobs into SigTypes (System.Reflection.Metadata's SignatureDecoder does the parsing). Types from
// other assemblies are checked against the deny list as they are named; generic parameters print by name when the
// context knows them and positionally (!0, !!0) otherwise, which is also how a member reference is matched against
// its definition in another assembly.
using System.Collections.Immutable;
using System.Reflection.Metadata;
using Helios.Verifier.Rules;

namespace Helios.Verifier.Metadata;

internal sealed class SignatureTypes : ISignatureTypeProvider<SigType, GenericNames>
{
    private readonly ApiDenyList _denied;
    private readonly bool _neutral;

    /// <summary>Readable names, with denied APIs flagged.</summary>
    public SignatureTypes(ApiDenyList denied)
    {
        _denied = denied;
    }

    /// <summary>When set, every type reference a decoded signature names is added here (for accessibility checks).</summary>
    public List<TypeReferenceHandle>? Seen { get; init; }

    private SignatureTypes()
    {
        _denied = ApiDenyList.Empty;
        _neutral = true;
    }

    /// <summary>The name-only form that compares a member reference's signature with its definition's: positional
    /// generic parameters, required modifiers kept.</summary>
    public static readonly SignatureTypes Neutral = new();

    public SigType GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode switch
    {
        PrimitiveTypeCode.TypedReference => new SigType("TypedReference", UnsafeParts.TypedReference),
        _ => new SigType(PrimitiveName(typeCode)),
    };

    public SigType GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => new(TypeNames.Of(reader, handle));

    public SigType GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind)
    {
        string name = TypeNames.Of(reader, handle);
        Seen?.Add(handle);
        string? denied = null;
        if (!_neutral && TypeNames.IsFromOtherAssembly(reader, handle))
        {
            (string ns, string type) = TypeNames.TopLevel(reader, handle);
            denied = _denied.DenyType(ns, type) is { } reason ? $"{name} ({reason})" : null;
        }
        return new SigType(name, DeniedApi: denied);
    }

    public SigType GetTypeFromSpecification(MetadataReader reader, GenericNames genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    public SigType GetSZArrayType(SigType elementType) => elementType.Wrap(elementType.Name + "[]");

    public SigType GetArrayType(SigType elementType, ArrayShape shape) => elementType.Wrap(elementType.Name + "[" + new string(',', Math.Max(shape.Rank - 1, 0)) + "]");

    public SigType GetByReferenceType(SigType elementType) => elementType.Wrap("ref " + elementType.Name, byRef: true);

    public SigType GetPointerType(SigType elementType) => elementType.Wrap(elementType.Name + "*", UnsafeParts.Pointer);

    public SigType GetPinnedType(SigType elementType) => elementType.Wrap(elementType.Name + " pinned", UnsafeParts.Pinned);

    public SigType GetFunctionPointerType(MethodSignature<SigType> signature)
    {
        string name = $"delegate*<{string.Join(", ", signature.ParameterTypes.Append(signature.ReturnType).Select(p => p.Name))}>";
        SigType combined = SigType.Combine(name, signature.ParameterTypes.Append(signature.ReturnType));
        return combined with { Unsafe = combined.Unsafe | UnsafeParts.FunctionPointer };
    }

    public SigType GetGenericInstantiation(SigType genericType, ImmutableArray<SigType> typeArguments)
    {
        string name = StripArity(genericType.Name) + "<" + string.Join(", ", typeArguments.Select(t => t.Name)) + ">";
        return SigType.Combine(name, typeArguments.Prepend(genericType));
    }

    public SigType GetGenericMethodParameter(GenericNames genericContext, int index) =>
        new(!_neutral && index < genericContext.Method.Length ? genericContext.Method[index] : $"!!{index}");

    public SigType GetGenericTypeParameter(GenericNames genericContext, int index) =>
        new(!_neutral && index < genericContext.Type.Length ? genericContext.Type[index] : $"!{index}");

    public SigType GetModifiedType(SigType modifier, SigType unmodifiedType, bool isRequired) =>
        // Messages read better without modifiers; the neutral form keeps required ones, which are part of identity.
        !_neutral || !isRequired ? unmodifiedType with { DeniedApi = unmodifiedType.DeniedApi ?? modifier.DeniedApi }
                                           : unmodifiedType.Wrap($"{unmodifiedType.Name} modreq({modifier.Name})");

    public SigType GetSentinelType() => new("...", UnsafeParts.VarArgs);

    private static string StripArity(string name)
    {
        int tick = name.LastIndexOf('`');
        return tick < 0 ? name : name[..tick];
    }

    internal static string PrimitiveName(PrimitiveTypeCode code) => code switch
    {
        PrimitiveTypeCode.Boolean => "bool",
        PrimitiveTypeCode.Byte => "byte",
        PrimitiveTypeCode.SByte => "sbyte",
        PrimitiveTypeCode.Char => "char",
        PrimitiveTypeCode.Int16 => "short",
        PrimitiveTypeCode.UInt16 => "ushort",
        PrimitiveTypeCode.Int32 => "int",
        PrimitiveTypeCode.UInt32 => "uint",
        PrimitiveTypeCode.Int64 => "long",
        PrimitiveTypeCode.UInt64 => "ulong",
        PrimitiveTypeCode.Single => "float",
        PrimitiveTypeCode.Double => "double",
        PrimitiveTypeCode.IntPtr => "nint",
        PrimitiveTypeCode.UIntPtr => "nuint",
        PrimitiveTypeCode.Object => "object",
        PrimitiveTypeCode.String => "string",
        PrimitiveTypeCode.Void => "void",
        _ => code.ToString(),
    };
}
