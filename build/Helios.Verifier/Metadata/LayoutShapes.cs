// The size, alignment and GC-reference content of a field's type, for the explicit-layout check. Sizes follow the
// natural layout of a 64-bit target (x86_64 and arm64 agree); what cannot be known (an uninstantiated generic
// parameter, a type that does not resolve) counts as a reference of unbounded size, so the check errs on refusing.
using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Metadata;

namespace Helios.Verifier.Metadata;

internal sealed record Shape(long Size, int Align, bool HasReferences, ResolvedType? PendingStruct = null)
{
    public static readonly Shape Reference = new(8, 8, true);
    public static readonly Shape Unknown = new(1L << 40, 8, true);

    public static Shape Primitive(int size) => new(size, size, false);
}

internal sealed class LayoutShapes : ISignatureTypeProvider<Shape, ImmutableArray<Shape>>
{
    private const int MaxDepth = 32;

    /// <summary>Structs measured per verification: hostile metadata (wide, deep nests of structs) gets Unknown, not hours.</summary>
    private const int MaxStructs = 100_000;

    private readonly ReferenceResolver _resolver;
    private readonly int _depth;
    private readonly int[] _measured;

    public LayoutShapes(ReferenceResolver resolver) : this(resolver, 0, new int[1]) { }

    private LayoutShapes(ReferenceResolver resolver, int depth, int[] measured)
    {
        _resolver = resolver;
        _depth = depth;
        _measured = measured;
    }

    /// <summary>The shape of a field's declared type, with the enclosing type's generic arguments.</summary>
    public Shape OfField(MetadataReader reader, FieldDefinition field, ImmutableArray<Shape> arguments)
    {
        try
        {
            return Finish(field.DecodeSignature(this, arguments));
        }
        catch (BadImageFormatException)
        {
            return Shape.Unknown;
        }
    }

    /// <summary>The layout of a value type: explicit offsets where it has them, natural layout otherwise.</summary>
    public Shape OfStruct(ResolvedType type, ImmutableArray<Shape> arguments)
    {
        if (_depth > MaxDepth || ++_measured[0] > MaxStructs) return Shape.Unknown;
        var inner = new LayoutShapes(_resolver, _depth + 1, _measured);
        TypeDefinition definition = type.Definition;
        bool isExplicit = (definition.Attributes & TypeAttributes.LayoutMask) == TypeAttributes.ExplicitLayout;
        TypeLayout layout = definition.GetLayout();
        long size = 0;
        int align = 1;
        bool references = false;
        foreach (FieldDefinitionHandle handle in definition.GetFields())
        {
            FieldDefinition field = type.Reader.GetFieldDefinition(handle);
            if ((field.Attributes & FieldAttributes.Static) != 0) continue;
            Shape shape = inner.OfField(type.Reader, field, arguments);
            references |= shape.HasReferences;
            align = Math.Max(align, shape.Align);
            long offset = isExplicit ? Math.Max(field.GetOffset(), 0) : Align(size, shape.Align);
            size = Math.Max(size, offset + shape.Size);
        }
        if (size == 0) size = 1;
        size = Math.Max(Align(size, align), layout.Size);
        return new Shape(size, align, references);
    }

    public Shape GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode switch
    {
        PrimitiveTypeCode.Object or PrimitiveTypeCode.String => Shape.Reference,
        PrimitiveTypeCode.TypedReference => new Shape(16, 8, true),
        PrimitiveTypeCode.Void => new Shape(0, 1, false),
        _ => ReferenceResolver.PrimitiveSize((SignatureTypeCode)typeCode) is int size ? Shape.Primitive(size) : Shape.Unknown,
    };

    public Shape GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) =>
        rawTypeKind == (byte)SignatureTypeKind.ValueType ? new Shape(0, 1, false, new ResolvedType(reader, handle)) : Shape.Reference;

    public Shape GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind)
    {
        if (rawTypeKind != (byte)SignatureTypeKind.ValueType) return Shape.Reference;
        return _resolver.ResolveType(reader, handle, out _) is ResolvedType type ? new Shape(0, 1, false, type) : Shape.Unknown;
    }

    public Shape GetTypeFromSpecification(MetadataReader reader, ImmutableArray<Shape> genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        _depth > MaxDepth ? Shape.Unknown : Finish(reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext));

    public Shape GetGenericInstantiation(Shape genericType, ImmutableArray<Shape> typeArguments) =>
        genericType.PendingStruct is ResolvedType type ? OfStruct(type, [.. typeArguments.Select(Finish)]) : genericType;

    public Shape GetGenericTypeParameter(ImmutableArray<Shape> genericContext, int index) =>
        index < genericContext.Length ? genericContext[index] : Shape.Unknown;

    public Shape GetGenericMethodParameter(ImmutableArray<Shape> genericContext, int index) => Shape.Unknown;

    public Shape GetSZArrayType(Shape elementType) => Shape.Reference;

    public Shape GetArrayType(Shape elementType, ArrayShape shape) => Shape.Reference;

    /// <summary>A managed pointer (a ref field) is traced by the collector like an object reference.</summary>
    public Shape GetByReferenceType(Shape elementType) => Shape.Reference;

    public Shape GetPointerType(Shape elementType) => Shape.Primitive(8);

    public Shape GetFunctionPointerType(MethodSignature<Shape> signature) => Shape.Primitive(8);

    public Shape GetModifiedType(Shape modifier, Shape unmodifiedType, bool isRequired) => unmodifiedType;

    public Shape GetPinnedType(Shape elementType) => elementType;

    public Shape GetSentinelType() => Shape.Unknown;

    private Shape Finish(Shape shape) => shape.PendingStruct is ResolvedType type ? OfStruct(type, []) : shape;

    private static long Align(long value, int alignment) => (value + alignment - 1) / alignment * alignment;
}
