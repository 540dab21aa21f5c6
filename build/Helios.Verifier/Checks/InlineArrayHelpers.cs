// C# 12 inline arrays ([InlineArray(N)] structs, and the ones the compiler makes for collection expressions such as
// Span<int> s = [1, 2, 3]) are reached through small generic helpers the compiler adds to the app,
//   InlineArrayAsSpan<TBuffer, TElement>(ref TBuffer, int length)        => CreateSpan(ref Unsafe.As<TBuffer, TElement>(ref b), length)
//   InlineArrayAsReadOnlySpan<TBuffer, TElement>(in TBuffer, int length) => CreateReadOnlySpan(...)
//   InlineArrayElementRef<TBuffer, TElement>(ref TBuffer, int index)     => ref Unsafe.Add(ref Unsafe.As<...>(ref b), index)
//   InlineArrayFirstElementRef<TBuffer, TElement>(ref TBuffer)           => ref Unsafe.As<TBuffer, TElement>(ref b)
// which are safe only as the compiler calls them: TBuffer an inline array of N TElements, a constant length <= N
// or index < N. A helper is recognised by its exact IL (not by its name), and each call to it is checked.
using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Il;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal enum InlineArrayHelper
{
    None,
    AsSpan,
    ElementRef,
    FirstElementRef,
}

internal sealed class InlineArrayHelpers
{
    private readonly VerificationContext _context;
    private readonly Dictionary<MethodDefinitionHandle, InlineArrayHelper> _helpers = [];

    public InlineArrayHelpers(VerificationContext context)
    {
        _context = context;
    }

    private MetadataReader Reader => _context.Reader;

    /// <summary>What kind of helper a method of this module is, judged by its signature and exact IL.</summary>
    public InlineArrayHelper Kind(MethodDefinitionHandle handle)
    {
        if (_helpers.TryGetValue(handle, out InlineArrayHelper known)) return known;
        InlineArrayHelper kind = InlineArrayHelper.None;
        try
        {
            kind = Classify(handle);
        }
        catch (BadImageFormatException)
        {
            // Undecodable: not a helper; the body checks report what is wrong with it.
        }
        return _helpers[handle] = kind;
    }

    /// <summary>Why the call at i (to a helper, through a MethodSpec) is not one the compiler makes; null when it is.</summary>
    public string? CheckCall(IlDecoder body, int i, InlineArrayHelper kind, MethodSpecificationHandle spec)
    {
        ImmutableArray<SigType> arguments = Reader.GetMethodSpecification(spec).DecodeSignature(SignatureTypes.Neutral, GenericNames.None);
        if (arguments.Length != 2) return "instantiates an inline-array helper with the wrong number of types";
        if (BufferLength(Reader.GetBlobReader(Reader.GetMethodSpecification(spec).Signature), arguments[1].Name) is not int length)
            return $"uses an inline-array helper on {arguments[0].Name}, which is not an inline array of {arguments[1].Name}";
        if (kind == InlineArrayHelper.FirstElementRef) return length >= 1 ? null : "takes the first element of an empty inline array";
        List<IlInstruction> code = body.Instructions;
        if (i < 1 || body.Entries.Contains(code[i].Offset) || !code[i - 1].TryGetInt32Constant(out int constant))
            return kind == InlineArrayHelper.ElementRef
                ? "indexes an inline array with an index that is not a constant (as foreach over an inline array does): iterate over it as a Span instead"
                : "makes a span of an inline array with a length that is not a constant";
        bool fits = kind == InlineArrayHelper.AsSpan ? constant >= 0 && constant <= length : constant >= 0 && constant < length;
        return fits ? null : $"calls an inline-array helper with {(kind == InlineArrayHelper.AsSpan ? "length" : "index")} {constant} on an inline array of {length}";
    }

    /// <summary>N when the MethodSpec's first type argument is a struct of this module marked [InlineArray(N)] whose one
    /// instance field has type element (after substituting the struct's own type arguments).</summary>
    private int? BufferLength(BlobReader spec, string element)
    {
        if (spec.ReadByte() != 0x0A || spec.ReadCompressedInteger() != 2) return null;   // GENERICINST, two arguments
        SignatureTypeCode code = spec.ReadSignatureTypeCode();
        ImmutableArray<SigType> bufferArguments = [];
        EntityHandle buffer;
        if (code == SignatureTypeCode.GenericTypeInstance)
        {
            if (spec.ReadSignatureTypeCode() != SignatureTypeCode.TypeHandle) return null;
            buffer = spec.ReadTypeHandle();
            int count = spec.ReadCompressedInteger();
            var builder = ImmutableArray.CreateBuilder<SigType>(count);
            var decoder = new SignatureDecoder<SigType, GenericNames>(SignatureTypes.Neutral, Reader, GenericNames.None);
            for (int k = 0; k < count; k++) builder.Add(decoder.DecodeType(ref spec));
            bufferArguments = builder.MoveToImmutable();
        }
        else if (code == SignatureTypeCode.TypeHandle)
        {
            buffer = spec.ReadTypeHandle();
        }
        else
        {
            return null;
        }
        if (buffer.Kind != HandleKind.TypeDefinition) return null;
        TypeDefinition type = Reader.GetTypeDefinition((TypeDefinitionHandle)buffer);
        if (type.GetGenericParameters().Count != bufferArguments.Length) return null;
        int? length = InlineArrayLength(type);
        if (length is null) return null;
        FieldDefinition[] fields = type.GetFields().Select(Reader.GetFieldDefinition).Where(f => (f.Attributes & FieldAttributes.Static) == 0).ToArray();
        if (fields.Length != 1) return null;
        string fieldType = fields[0].DecodeSignature(new Substitution(bufferArguments), GenericNames.None).Name;
        return fieldType == element ? length : null;
    }

    private int? InlineArrayLength(TypeDefinition type)
    {
        foreach (CustomAttributeHandle handle in type.GetCustomAttributes())
        {
            CustomAttribute attribute = Reader.GetCustomAttribute(handle);
            if (attribute.Constructor.Kind != HandleKind.MemberReference) continue;
            EntityHandle parent = Reader.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent;
            if (TypeNames.Of(Reader, parent) != "System.Runtime.CompilerServices.InlineArrayAttribute") continue;
            BlobReader value = Reader.GetBlobReader(attribute.Value);
            if (value.Length < 6 || value.ReadUInt16() != 1) return null;
            int length = value.ReadInt32();
            return length > 0 ? length : null;
        }
        return null;
    }

    private InlineArrayHelper Classify(MethodDefinitionHandle handle)
    {
        MethodDefinition method = Reader.GetMethodDefinition(handle);
        if ((method.Attributes & MethodAttributes.Static) == 0 || method.RelativeVirtualAddress == 0 || method.GetGenericParameters().Count != 2)
            return InlineArrayHelper.None;
        MethodSignature<SigType> signature = method.DecodeSignature(SignatureTypes.Neutral, GenericNames.None);
        IlDecoder? il = IlDecoder.TryDecode(_context.PE.GetMethodBody(method.RelativeVirtualAddress), out _);
        if (il is null) return InlineArrayHelper.None;
        List<IlInstruction> code = il.Instructions;
        string[] parameters = [.. signature.ParameterTypes.Select(p => p.Name)];

        bool startsWithAs = code.Count >= 2 && code[0].Is(OpCodes.Ldarg_0) && code[1].Is(OpCodes.Call) && IsCall(code[1].Token, "System.Runtime.CompilerServices.Unsafe.As", "!!0", "!!1");
        if (!startsWithAs || parameters.Length == 0 || !parameters[0].StartsWith("ref !!0", StringComparison.Ordinal)) return InlineArrayHelper.None;
        if (code.Count == 3 && code[2].Is(OpCodes.Ret) && parameters.Length == 1 && signature.ReturnType.Name == "ref !!1")
            return InlineArrayHelper.FirstElementRef;
        if (code.Count != 5 || !code[2].Is(OpCodes.Ldarg_1) || !code[3].Is(OpCodes.Call) || !code[4].Is(OpCodes.Ret) || parameters.Length != 2 || parameters[1] != "int")
            return InlineArrayHelper.None;
        if (IsCall(code[3].Token, "System.Runtime.CompilerServices.Unsafe.Add", "!!1") && signature.ReturnType.Name == "ref !!1")
            return InlineArrayHelper.ElementRef;
        if ((IsCall(code[3].Token, "System.Runtime.InteropServices.MemoryMarshal.CreateSpan", "!!1") && signature.ReturnType.Name == "System.Span<!!1>")
            || (IsCall(code[3].Token, "System.Runtime.InteropServices.MemoryMarshal.CreateReadOnlySpan", "!!1") && signature.ReturnType.Name == "System.ReadOnlySpan<!!1>"))
            return InlineArrayHelper.AsSpan;
        return InlineArrayHelper.None;
    }

    /// <summary>Whether token is a MethodSpec of the named method of another assembly, with exactly these type arguments.</summary>
    private bool IsCall(int token, string method, params string[] typeArguments)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(token);
        if (handle.Kind != HandleKind.MethodSpecification) return false;
        MethodSpecification spec = Reader.GetMethodSpecification((MethodSpecificationHandle)handle);
        if (spec.Method.Kind != HandleKind.MemberReference) return false;
        MemberReference member = Reader.GetMemberReference((MemberReferenceHandle)spec.Method);
        if (member.Parent.Kind != HandleKind.TypeReference || !TypeNames.IsFromOtherAssembly(Reader, (TypeReferenceHandle)member.Parent)) return false;
        if ($"{TypeNames.Of(Reader, member.Parent)}.{Reader.GetString(member.Name)}" != method) return false;
        return spec.DecodeSignature(SignatureTypes.Neutral, GenericNames.None).Select(a => a.Name).SequenceEqual(typeArguments);
    }

    /// <summary>Decodes a field of a generic inline array with its type parameters replaced by the buffer's arguments.</summary>
    private sealed class Substitution(ImmutableArray<SigType> arguments) : ISignatureTypeProvider<SigType, GenericNames>
    {
        private readonly SignatureTypes _neutral = SignatureTypes.Neutral;

        public SigType GetGenericTypeParameter(GenericNames genericContext, int index) => index < arguments.Length ? arguments[index] : new SigType($"!{index}");
        public SigType GetGenericMethodParameter(GenericNames genericContext, int index) => new($"!!{index}");
        public SigType GetPrimitiveType(PrimitiveTypeCode typeCode) => _neutral.GetPrimitiveType(typeCode);
        public SigType GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => _neutral.GetTypeFromDefinition(reader, handle, rawTypeKind);
        public SigType GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => _neutral.GetTypeFromReference(reader, handle, rawTypeKind);
        public SigType GetTypeFromSpecification(MetadataReader reader, GenericNames genericContext, TypeSpecificationHandle handle, byte rawTypeKind) => reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);
        public SigType GetSZArrayType(SigType elementType) => _neutral.GetSZArrayType(elementType);
        public SigType GetArrayType(SigType elementType, ArrayShape shape) => _neutral.GetArrayType(elementType, shape);
        public SigType GetByReferenceType(SigType elementType) => _neutral.GetByReferenceType(elementType);
        public SigType GetPointerType(SigType elementType) => _neutral.GetPointerType(elementType);
        public SigType GetPinnedType(SigType elementType) => _neutral.GetPinnedType(elementType);
        public SigType GetFunctionPointerType(MethodSignature<SigType> signature) => _neutral.GetFunctionPointerType(signature);
        public SigType GetGenericInstantiation(SigType genericType, ImmutableArray<SigType> typeArguments) => _neutral.GetGenericInstantiation(genericType, typeArguments);
        public SigType GetModifiedType(SigType modifier, SigType unmodifiedType, bool isRequired) => _neutral.GetModifiedType(modifier, unmodifiedType, isRequired);
        public SigType GetSentinelType() => _neutral.GetSentinelType();
    }
}
