// Checks one method body: its locals (unsafe types, zero-initialisation) and every instruction: the opcodes a SIP
// may not execute, the references each token operand makes, and the compiler patterns that alone may use a method
// address or a pointer to constant data.
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Il;
using Helios.Verifier.Metadata;

namespace Helios.Verifier.Checks;

internal sealed class BodyChecks
{
    private static readonly Dictionary<short, (VerifierRule Rule, string Message)> Forbidden = new()
    {
        [OpCodes.Calli.Value] = (VerifierRule.FunctionPointer, "calls through a function pointer, which can jump anywhere"),
        [OpCodes.Localloc.Value] = (VerifierRule.StackAllocation, "allocates on the stack (stackalloc); use an array"),
        [OpCodes.Cpblk.Value] = (VerifierRule.RawMemory, "copies a block of raw memory"),
        [OpCodes.Initblk.Value] = (VerifierRule.RawMemory, "fills a block of raw memory"),
        [OpCodes.Arglist.Value] = (VerifierRule.VarArgs, "reads variable arguments (__arglist)"),
        [OpCodes.Mkrefany.Value] = (VerifierRule.VarArgs, "makes a TypedReference (__makeref)"),
        [OpCodes.Refanyval.Value] = (VerifierRule.VarArgs, "reads through a TypedReference (__refvalue)"),
        [OpCodes.Refanytype.Value] = (VerifierRule.VarArgs, "reads a TypedReference's type (__reftype)"),
        [OpCodes.Jmp.Value] = (VerifierRule.UnverifiableInstruction, "jumps to another method with this method's arguments (jmp)"),
        [OpCodes.Break.Value] = (VerifierRule.UnverifiableInstruction, "traps to a debugger (break), which in a SIP traps the CPU"),
        [OpCodes.Tailcall.Value] = (VerifierRule.UnverifiableInstruction, "makes a tail call (tail.), which C# never emits and which can leave references to a freed frame"),
        [unchecked((short)0xFE19)] = (VerifierRule.UnverifiableInstruction, "turns off the runtime's type, range or null checks (no.)"),
    };

    private readonly VerificationContext _context;
    private readonly PointerFlow _flow;

    public BodyChecks(VerificationContext context)
    {
        _context = context;
        _flow = new PointerFlow(context);
    }

    private MetadataReader Reader => _context.Reader;

    public void Check(MethodDefinitionHandle handle, string where)
    {
        MethodDefinition method = Reader.GetMethodDefinition(handle);
        TypeDefinitionHandle caller = method.GetDeclaringType();
        MethodBodyBlock body;
        try
        {
            body = _context.PE.GetMethodBody(method.RelativeVirtualAddress);
        }
        catch (BadImageFormatException e)
        {
            _context.Report(VerifierRule.BadImage, where, $"its method body cannot be read: {e.Message}");
            return;
        }

        CheckLocals(body, handle, caller, where);
        IlDecoder? il = IlDecoder.TryDecode(body, out string? error);
        if (il is null)
        {
            _context.Report(VerifierRule.BadImage, where, $"its IL cannot be decoded: {error}");
            return;
        }
        if (_context.InlineArrays.Kind(handle) != InlineArrayHelper.None)
        {
            // A compiler helper for inline arrays, recognised by its exact IL (which uses Unsafe); its callers are checked instead.
            foreach (IlInstruction at in il.Instructions)
            {
                if (!HasToken(at.OpCode)) continue;
                _context.References.Cover(MetadataTokens.EntityHandle(at.Token));
            }
            return;
        }
        var patterns = new CompilerPatterns(_context, il);
        List<IlInstruction> code = il.Instructions;
        var exempt = new HashSet<int>();
        bool badTokens = false;
        for (int i = 0; i < code.Count; i++)
        {
            IlInstruction at = code[i];
            EntityHandle token = default;
            if (HasToken(at.OpCode) && !TryToken(at, out token))
            {
                _context.Report(VerifierRule.BadImage, where, $"token 0x{at.Token:X8} does not name anything in this assembly", at);
                badTokens = true;
                continue;
            }
            string instruction = token.IsNil ? at.OpCode.Name! : $"{at.OpCode.Name} {MemberNames.Short(Reader, token)}";
            if (Forbidden.TryGetValue(at.OpCode.Value, out (VerifierRule Rule, string Message) forbidden))
            {
                _context.Report(forbidden.Rule, where, forbidden.Message, at, instruction);
                continue;
            }
            if (token.IsNil) continue;

            if (InlineArrayHelperOf(token) is (InlineArrayHelper helper, MethodSpecificationHandle spec))
            {
                string? misuse = at.Is(OpCodes.Call) ? _context.InlineArrays.CheckCall(il, i, helper, spec) : "uses an inline-array helper other than by calling it";
                if (misuse is not null) _context.Report(VerifierRule.DeniedApi, where, misuse, at, instruction);
            }
            if ((at.Is(OpCodes.Ldftn) || at.Is(OpCodes.Ldvirtftn)) && !patterns.FeedsDelegate(i))
                _context.Report(VerifierRule.FunctionPointer, where, "takes a method's address outside a delegate creation (a function pointer)", at, instruction);
            if (at.Is(OpCodes.Newobj) && patterns.IsDelegateConstructor(at.Token) && !patterns.HasMethodPointer(i))
                _context.Report(VerifierRule.FunctionPointer, where, "creates a delegate from a raw function pointer rather than from ldftn", at, instruction);
            if (token.Kind == HandleKind.FieldDefinition) CheckOwnField(at, i, (FieldDefinitionHandle)token, code, patterns, where, instruction);
            if (at.Is(OpCodes.Call) && patterns.IsInitializeArray(at.Token))
            {
                if (!patterns.IsArrayInitializer(i))
                    _context.Report(VerifierRule.DeniedApi, where, "calls RuntimeHelpers.InitializeArray outside a compiler-generated array initializer, or with too little data", at, instruction);
                continue;
            }

            IReadOnlyList<Problem> problems = _context.References.For(token, caller);
            _context.Checked.Add(token);
            if (problems.Count == 0) continue;
            if ((at.Is(OpCodes.Newobj) || at.Is(OpCodes.Call)) && patterns.IsPointerSpanConstructor(at.Token))
            {
                // Safe when the pointer is the compiler's, to constant data of the right size; after a stackalloc
                // the localloc itself was reported.
                bool constantData = patterns.IsSpanOverConstantData(i);
                if (constantData) exempt.Add(i);
                if (constantData || patterns.FollowsStackAllocation(i))
                    problems = problems.Where(p => p.Rule != VerifierRule.UnsafeCode).ToList();
            }
            if (problems.Count == 0) continue;
            _context.Report(problems, where, at, instruction);
        }
        if (!badTokens) _flow.Check(handle, body, il, where, exempt);
    }

    private void CheckLocals(MethodBodyBlock body, MethodDefinitionHandle handle, TypeDefinitionHandle caller, string where)
    {
        if (body.LocalSignature.IsNil) return;
        var seen = new List<TypeReferenceHandle>();
        System.Collections.Immutable.ImmutableArray<SigType> locals;
        try
        {
            locals = Reader.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(_context.Types(seen), GenericNames.For(Reader, caller, handle));
        }
        catch (BadImageFormatException e)
        {
            _context.Report(VerifierRule.BadImage, where, $"its locals cannot be decoded: {e.Message}");
            return;
        }
        _context.Checked.Add(body.LocalSignature);
        if (locals.Length > 0 && !body.LocalVariablesInitialized)
            _context.Report(VerifierRule.UninitializedLocals, where, "its locals are not zero-initialised (SkipLocalsInit), so they would read old stack contents");
        var problems = new List<Problem>();
        for (int i = 0; i < locals.Length; i++) _context.References.Signature(locals[i], [], $"local {i}", caller, problems);
        foreach (TypeReferenceHandle reference in seen.Distinct())
            problems.AddRange(_context.References.For(reference, caller).Where(p => p.Rule != VerifierRule.DeniedApi));
        _context.Report(problems.Distinct(), where);
    }

    /// <summary>Fields with initial data live in the image's read-only data: they may be read, never written, and
    /// their address taken only for a span the compiler makes over them.</summary>
    private void CheckOwnField(IlInstruction at, int i, FieldDefinitionHandle handle, List<IlInstruction> code, CompilerPatterns patterns, string where, string instruction)
    {
        FieldDefinition field = Reader.GetFieldDefinition(handle);
        if ((field.Attributes & FieldAttributes.HasFieldRVA) == 0) return;
        if (at.Is(OpCodes.Stsfld) || at.Is(OpCodes.Stfld))
            _context.Report(VerifierRule.UnverifiableInstruction, where, "writes to a field whose data is part of the image (read-only)", at, instruction);
        else if ((at.Is(OpCodes.Ldsflda) || at.Is(OpCodes.Ldflda))
                 && !(i + 2 < code.Count && (code[i + 2].Is(OpCodes.Newobj) || code[i + 2].Is(OpCodes.Call)) && patterns.IsSpanOverConstantData(i + 2)))
            _context.Report(VerifierRule.UnverifiableInstruction, where, "takes the address of a field whose data is part of the image, outside a span the compiler makes over it", at, instruction);
    }

    /// <summary>The helper kind and instantiation when a token names an instantiated inline-array helper.</summary>
    private (InlineArrayHelper, MethodSpecificationHandle)? InlineArrayHelperOf(EntityHandle token)
    {
        if (token.Kind == HandleKind.MethodDefinition && _context.InlineArrays.Kind((MethodDefinitionHandle)token) is var bare and not InlineArrayHelper.None)
            return (bare, default);
        if (token.Kind != HandleKind.MethodSpecification) return null;
        MethodSpecificationHandle spec = (MethodSpecificationHandle)token;
        EntityHandle method = Reader.GetMethodSpecification(spec).Method;
        if (method.Kind != HandleKind.MethodDefinition) return null;
        InlineArrayHelper kind = _context.InlineArrays.Kind((MethodDefinitionHandle)method);
        return kind == InlineArrayHelper.None ? null : (kind, spec);
    }

    private bool TryToken(IlInstruction at, out EntityHandle token)
    {
        token = default;
        try
        {
            token = MetadataTokens.EntityHandle(at.Token);
            return Exists(token);
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    private static bool HasToken(OpCode code) =>
        code.OperandType is OperandType.InlineMethod or OperandType.InlineField or OperandType.InlineType or OperandType.InlineTok;

    private bool Exists(EntityHandle handle)
    {
        int row = MetadataTokens.GetRowNumber(handle);
        TableIndex table = handle.Kind switch
        {
            HandleKind.MethodDefinition => TableIndex.MethodDef,
            HandleKind.MemberReference => TableIndex.MemberRef,
            HandleKind.MethodSpecification => TableIndex.MethodSpec,
            HandleKind.FieldDefinition => TableIndex.Field,
            HandleKind.TypeDefinition => TableIndex.TypeDef,
            HandleKind.TypeReference => TableIndex.TypeRef,
            HandleKind.TypeSpecification => TableIndex.TypeSpec,
            _ => (TableIndex)0xFF,
        };
        return (int)table != 0xFF && row >= 1 && row <= Reader.GetTableRowCount(table);
    }
}
