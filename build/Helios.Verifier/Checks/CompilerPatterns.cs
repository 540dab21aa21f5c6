// The few places where safe C# compiles to IL that uses a pointer or a raw method address, recognised only in the
// exact shape the compiler emits (and only when nothing can jump into the middle of it):
//   ldftn M / newobj D::.ctor(object, native int)            a delegate (also dup; ldvirtftn M)
//   ldsflda <RVA field> / ldc.i4 n / newobj ReadOnlySpan<T>::.ctor(void*, int32)   a span over constant data
//   ldc.i4 n / newarr T / dup / ldtoken <RVA field> / call RuntimeHelpers.InitializeArray   an array initializer
//   ldc.i4 n1 ... ldc.i4 nk / newobj T[,...]::.ctor(int32 ...) / dup / ldtoken / call ...   a multi-dimensional one
// For the data patterns the field must hold at least n elements of the primitive T.
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Il;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal sealed class CompilerPatterns
{
    private readonly VerificationContext _context;
    private readonly IlDecoder _body;

    public CompilerPatterns(VerificationContext context, IlDecoder body)
    {
        _context = context;
        _body = body;
    }

    private MetadataReader Reader => _context.Reader;

    private List<IlInstruction> Code => _body.Instructions;

    /// <summary>Whether instruction i (ldftn or ldvirtftn) feeds a delegate constructor directly.</summary>
    public bool FeedsDelegate(int i) =>
        i + 1 < Code.Count && !_body.Entries.Contains(Code[i + 1].Offset) && Code[i + 1].Is(OpCodes.Newobj) && IsDelegateConstructor(Code[i + 1].Token);

    /// <summary>Whether the newobj at i gets its method pointer from ldftn (or dup; ldvirtftn) just before it.</summary>
    public bool HasMethodPointer(int i)
    {
        if (i < 1 || _body.Entries.Contains(Code[i].Offset)) return false;
        IlInstruction previous = Code[i - 1];
        if (previous.Is(OpCodes.Ldftn)) return true;
        return previous.Is(OpCodes.Ldvirtftn) && i >= 2 && Code[i - 2].Is(OpCodes.Dup) && !_body.Entries.Contains(previous.Offset);
    }

    /// <summary>A constructor D::.ctor(object, native int) of a delegate type D.</summary>
    public bool IsDelegateConstructor(int token)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(token);
        EntityHandle type;
        StringHandle name;
        BlobHandle signature;
        if (handle.Kind == HandleKind.MethodDefinition)
        {
            MethodDefinition method = Reader.GetMethodDefinition((MethodDefinitionHandle)handle);
            (type, name, signature) = (method.GetDeclaringType(), method.Name, method.Signature);
        }
        else if (handle.Kind == HandleKind.MemberReference)
        {
            MemberReference member = Reader.GetMemberReference((MemberReferenceHandle)handle);
            (type, name, signature) = (member.Parent, member.Name, member.Signature);
        }
        else
        {
            return false;
        }
        if (type.IsNil || Reader.GetString(name) != ".ctor" || !IsObjectAndNativeInt(signature)) return false;
        return _context.Resolver.ResolveTypeHandle(Reader, type, out _) is ResolvedType resolved && _context.Resolver.IsDelegate(resolved);
    }

    /// <summary>Whether instruction i (newobj ReadOnlySpan&lt;T&gt;/Span&lt;T&gt;::.ctor(void*, int)) wraps constant data.</summary>
    public bool IsSpanOverConstantData(int i)
    {
        if (i < 2 || _body.Entries.Contains(Code[i].Offset) || _body.Entries.Contains(Code[i - 1].Offset)) return false;
        if (!Code[i - 1].TryGetInt32Constant(out int count) || count < 0 || !Code[i - 2].Is(OpCodes.Ldsflda)) return false;
        return SpanElementSize(Code[i].Token) is int size && Fits(Code[i - 2].Token, (long)count * size);
    }

    /// <summary>Whether a span constructor over a pointer takes it from a stackalloc just before (reported as localloc).</summary>
    public bool FollowsStackAllocation(int i)
    {
        for (int back = 1; back <= 4 && i - back >= 0; back++)
            if (Code[i - back].Is(OpCodes.Localloc)) return true;
        return false;
    }

    /// <summary>Whether the call at i to RuntimeHelpers.InitializeArray is a compiler array initializer.</summary>
    public bool IsArrayInitializer(int i)
    {
        if (i < 4) return false;
        for (int k = i - 3; k <= i; k++) if (_body.Entries.Contains(Code[k].Offset)) return false;
        IlInstruction ldtoken = Code[i - 1], dup = Code[i - 2], newarr = Code[i - 3], length = Code[i - 4];
        if (!ldtoken.Is(OpCodes.Ldtoken) || !dup.Is(OpCodes.Dup)) return false;
        if (newarr.Is(OpCodes.Newobj)) return IsMultiDimensionalInitializer(i - 3, ldtoken.Token);
        if (!newarr.Is(OpCodes.Newarr) || !length.TryGetInt32Constant(out int count) || count < 0) return false;
        return _context.Resolver.ElementSize(Reader, MetadataTokens.EntityHandle(newarr.Token)) is int size && Fits(ldtoken.Token, (long)count * size);
    }

    // `int[,] a = { { 1, 2 }, { 3, 4 } }`: the constructor of a multi-dimensional array type taking one length per
    // dimension, each a constant just before it, nothing jumping in between; the field must hold all their product.
    private bool IsMultiDimensionalInitializer(int newobj, int fieldToken)
    {
        if (ArrayConstructorShape(Code[newobj].Token) is not (int rank, int elementSize) || newobj < rank) return false;
        long count = 1;
        for (int d = 1; d <= rank; d++)
        {
            IlInstruction constant = Code[newobj - d];
            if (d < rank && _body.Entries.Contains(constant.Offset)) return false;     // the first length may be a target
            if (!constant.TryGetInt32Constant(out int length) || length < 0) return false;
            count *= length;
        }
        return Fits(fieldToken, count * elementSize);
    }

    /// <summary>For T[,...]::.ctor(int32 × rank) with T primitive (or an enum): the rank and the element size.</summary>
    private (int Rank, int ElementSize)? ArrayConstructorShape(int token)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(token);
        if (handle.Kind != HandleKind.MemberReference) return null;
        MemberReference member = Reader.GetMemberReference((MemberReferenceHandle)handle);
        if (Reader.GetString(member.Name) != ".ctor" || member.Parent.Kind != HandleKind.TypeSpecification) return null;
        BlobReader blob = Reader.GetBlobReader(Reader.GetTypeSpecification((TypeSpecificationHandle)member.Parent).Signature);
        if (blob.RemainingBytes < 3 || blob.ReadSignatureTypeCode() != SignatureTypeCode.Array) return null;
        SignatureTypeCode element = blob.ReadSignatureTypeCode();
        int? elementSize = element == SignatureTypeCode.TypeHandle
            ? _context.Resolver.ElementSize(Reader, blob.ReadTypeHandle())
            : ReferenceResolver.PrimitiveSize(element);
        if (elementSize is not int size) return null;
        int rank = blob.ReadCompressedInteger();
        if (rank < 1 || rank > 32) return null;
        // The constructor's signature: an instance method of rank int32 parameters returning void.
        BlobReader signature = Reader.GetBlobReader(member.Signature);
        if (signature.ReadSignatureHeader().Kind != SignatureKind.Method || signature.ReadCompressedInteger() != rank) return null;
        if (signature.ReadSignatureTypeCode() != SignatureTypeCode.Void) return null;
        for (int p = 0; p < rank; p++) if (signature.ReadSignatureTypeCode() != SignatureTypeCode.Int32) return null;
        return (rank, size);
    }

    public bool IsInitializeArray(int token) =>
        MetadataTokens.EntityHandle(token) is { Kind: HandleKind.MemberReference } handle
        && MemberNames.Of(Reader, handle) == "System.Runtime.CompilerServices.RuntimeHelpers.InitializeArray(System.Array, System.RuntimeFieldHandle)";

    /// <summary>A field of this module with initial data (an RVA) of at least bytes bytes.</summary>
    private bool Fits(int fieldToken, long bytes)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(fieldToken);
        if (handle.Kind != HandleKind.FieldDefinition) return false;
        FieldDefinition field = Reader.GetFieldDefinition((FieldDefinitionHandle)handle);
        if ((field.Attributes & FieldAttributes.HasFieldRVA) == 0) return false;
        return RvaFieldSize(field) is long size && bytes <= size;
    }

    /// <summary>The bytes of initial data a field's type spans: a primitive, or a struct with an explicit size.</summary>
    public long? RvaFieldSize(FieldDefinition field)
    {
        BlobReader blob = Reader.GetBlobReader(field.Signature);
        if (blob.ReadSignatureHeader().Kind != SignatureKind.Field) return null;
        SignatureTypeCode code = blob.ReadSignatureTypeCode();
        if (ReferenceResolver.PrimitiveSize(code) is int primitive) return primitive;
        if (code != SignatureTypeCode.TypeHandle) return null;   // a class or value type
        EntityHandle type = blob.ReadTypeHandle();
        if (type.Kind != HandleKind.TypeDefinition) return null;
        TypeDefinition definition = Reader.GetTypeDefinition((TypeDefinitionHandle)type);
        int size = definition.GetLayout().Size;
        return size > 0 && definition.GetFields().Count == 0 ? size : null;
    }

    /// <summary>The size of T for a ReadOnlySpan&lt;T&gt; or Span&lt;T&gt; constructor taking (void*, int), T primitive.</summary>
    private int? SpanElementSize(int token)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(token);
        if (handle.Kind != HandleKind.MemberReference) return null;
        MemberReference member = Reader.GetMemberReference((MemberReferenceHandle)handle);
        if (Reader.GetString(member.Name) != ".ctor" || member.Parent.Kind != HandleKind.TypeSpecification) return null;
        EntityHandle head = ReferenceResolver.GenericHead(Reader, (TypeSpecificationHandle)member.Parent);
        if (head.IsNil || TypeNames.Of(Reader, head) is not ("System.ReadOnlySpan`1" or "System.Span`1")) return null;
        if (!IsPointerAndInt(member.Signature)) return null;
        BlobReader blob = Reader.GetBlobReader(Reader.GetTypeSpecification((TypeSpecificationHandle)member.Parent).Signature);
        blob.ReadSignatureTypeCode();                              // GENERICINST
        blob.ReadSignatureTypeCode();                              // VALUETYPE
        blob.ReadTypeHandle();                                     // the span type
        if (blob.ReadCompressedInteger() != 1) return null;
        return ReferenceResolver.PrimitiveSize(blob.ReadSignatureTypeCode());
    }

    /// <summary>Whether a member is the span constructor that takes a pointer (whatever its element type).</summary>
    public bool IsPointerSpanConstructor(int token)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(token);
        if (handle.Kind != HandleKind.MemberReference) return false;
        MemberReference member = Reader.GetMemberReference((MemberReferenceHandle)handle);
        if (Reader.GetString(member.Name) != ".ctor" || member.Parent.Kind != HandleKind.TypeSpecification) return false;
        EntityHandle head = ReferenceResolver.GenericHead(Reader, (TypeSpecificationHandle)member.Parent);
        return !head.IsNil && TypeNames.Of(Reader, head) is ("System.ReadOnlySpan`1" or "System.Span`1") && IsPointerAndInt(member.Signature);
    }

    private bool IsObjectAndNativeInt(BlobHandle signature)
    {
        BlobReader blob = Reader.GetBlobReader(signature);
        SignatureHeader header = blob.ReadSignatureHeader();
        if (header.Kind != SignatureKind.Method || !header.IsInstance || header.IsGeneric || blob.ReadCompressedInteger() != 2) return false;
        return blob.ReadSignatureTypeCode() == SignatureTypeCode.Void
               && blob.ReadSignatureTypeCode() == SignatureTypeCode.Object
               && blob.ReadSignatureTypeCode() == SignatureTypeCode.IntPtr;
    }

    private bool IsPointerAndInt(BlobHandle signature)
    {
        BlobReader blob = Reader.GetBlobReader(signature);
        SignatureHeader header = blob.ReadSignatureHeader();
        if (header.Kind != SignatureKind.Method || !header.IsInstance || header.IsGeneric || blob.ReadCompressedInteger() != 2) return false;
        return blob.ReadSignatureTypeCode() == SignatureTypeCode.Void
               && blob.ReadSignatureTypeCode() == SignatureTypeCode.Pointer
               && blob.ReadSignatureTypeCode() == SignatureTypeCode.Void
               && blob.ReadSignatureTypeCode() == SignatureTypeCode.Int32;
    }
}
