// What each IL instruction does to the evaluation stack, in the kinds PointerFlow tracks: what it pops and checks
// (addresses must be managed references, references must not become numbers or the reverse), and what it pushes.
using System.Collections.Immutable;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Il;

namespace Helios.Verifier.Checks;

internal sealed class StackEffects
{
    private readonly StackKindTypes _types;
    private readonly Dictionary<EntityHandle, CallShape?> _calls = [];
    private readonly Dictionary<EntityHandle, StackKind> _fields = [];

    public StackEffects(MetadataReader reader, StackKindTypes types)
    {
        Reader = reader;
        _types = types;
    }

    private MetadataReader Reader { get; }

    /// <summary>A method's parameters, whether it takes this, and its return (null for void), as stack kinds.</summary>
    public sealed record CallShape(StackKind[] Parameters, bool HasThis, StackKind? Return);

    public delegate bool PopFunc(out StackKind value);

    /// <summary>Applies one instruction to the stack; false when the stack broke (already reported).</summary>
    public bool Step(IlInstruction at, int i, List<StackKind> stack, StackKind[] arguments, StackKind[] locals, StackKind? returns, bool returnsValue,
                      bool exempt, PopFunc pop, Action<StackKind, StackKind, string> store, Action<StackKind, bool, string> address, Action<int, string> flag)
    {
        string name = at.OpCode.Name!;
        short v = at.OpCode.Value;
        StackKind a, b, c;

        // Arguments and locals.
        if (name.StartsWith("ldarga", StringComparison.Ordinal) || name.StartsWith("ldloca", StringComparison.Ordinal)) { stack.Add(StackKind.ByRef); return true; }
        if (name.StartsWith("ldarg", StringComparison.Ordinal)) return Slot(arguments, VariableIndex(at, "ldarg."), out StackKind arg) && Push(stack, arg);
        if (name.StartsWith("ldloc", StringComparison.Ordinal)) return Slot(locals, VariableIndex(at, "ldloc."), out StackKind local) && Push(stack, local);
        if (name.StartsWith("starg", StringComparison.Ordinal))
        {
            if (!pop(out a) || !Slot(arguments, VariableIndex(at, "starg."), out StackKind arg)) return false;
            store(a, arg, "stores");
            return true;
        }
        if (name.StartsWith("stloc", StringComparison.Ordinal))
        {
            if (!pop(out a) || !Slot(locals, VariableIndex(at, "stloc."), out StackKind local)) return false;
            store(a, local, "stores");
            return true;
        }

        // Calls.
        if (v == OpCodes.Call.Value || v == OpCodes.Callvirt.Value || v == OpCodes.Newobj.Value || v == OpCodes.Calli.Value)
        {
            CallShape? shape = Call(at);
            if (shape is null) return false;
            for (int p = shape.Parameters.Length - 1; p >= 0; p--)
            {
                if (!pop(out a)) return false;
                if (!exempt) store(a, shape.Parameters[p], "passes");
            }
            if (v == OpCodes.Calli.Value && !pop(out _)) return false;
            if (shape.HasThis && v != OpCodes.Newobj.Value)
            {
                if (!pop(out a)) return false;
                if (a.IsNumber()) flag(i, "calls a method on an object whose address is a number");
            }
            if (v == OpCodes.Newobj.Value) stack.Add(NewObjectKind(at));
            else if (shape.Return is StackKind r) stack.Add(r);
            return true;
        }
        if (v == OpCodes.Ret.Value)
        {
            if (!returnsValue) return true;
            if (!pop(out a)) return false;
            store(a, returns ?? StackKind.Unknown, "returns");
            return true;
        }

        // Memory through addresses.
        if (name.StartsWith("ldind.", StringComparison.Ordinal))
        {
            if (!pop(out a)) return false;
            address(a, false, "reads memory");
            stack.Add(IndirectKind(name[6..]));
            return true;
        }
        if (name.StartsWith("stind.", StringComparison.Ordinal))
        {
            if (!pop(out b) || !pop(out a)) return false;
            address(a, false, "writes memory");
            store(b, IndirectKind(name[6..]), "stores");
            return true;
        }
        if (v == OpCodes.Ldobj.Value) { if (!pop(out a)) return false; address(a, false, "reads memory"); stack.Add(TypeKind(at)); return true; }
        if (v == OpCodes.Stobj.Value) { if (!pop(out b) || !pop(out a)) return false; address(a, false, "writes memory"); store(b, TypeKind(at), "stores"); return true; }
        if (v == OpCodes.Cpobj.Value) { if (!pop(out b) || !pop(out a)) return false; address(b, false, "reads memory"); address(a, false, "writes memory"); return true; }
        if (v == OpCodes.Initobj.Value) { if (!pop(out a)) return false; address(a, false, "clears memory"); return true; }
        if (v == OpCodes.Cpblk.Value || v == OpCodes.Initblk.Value) return pop(out _) && pop(out _) && pop(out _);

        // Fields.
        if (v == OpCodes.Ldfld.Value) { if (!pop(out a)) return false; address(a, true, "reads a field"); stack.Add(FieldKind(at)); return true; }
        if (v == OpCodes.Ldflda.Value) { if (!pop(out a)) return false; address(a, true, "takes a field's address"); stack.Add(StackKind.ByRef); return true; }
        if (v == OpCodes.Stfld.Value) { if (!pop(out b) || !pop(out a)) return false; address(a, true, "writes a field"); store(b, FieldKind(at), "stores"); return true; }
        if (v == OpCodes.Ldsfld.Value) { stack.Add(FieldKind(at)); return true; }
        if (v == OpCodes.Ldsflda.Value) { stack.Add(StackKind.ByRef); return true; }
        if (v == OpCodes.Stsfld.Value) { if (!pop(out a)) return false; store(a, FieldKind(at), "stores"); return true; }

        // Arrays.
        if (name.StartsWith("ldelema", StringComparison.Ordinal)) { if (!pop(out _) || !pop(out _)) return false; stack.Add(StackKind.ByRef); return true; }
        if (name.StartsWith("ldelem", StringComparison.Ordinal))
        {
            if (!pop(out _) || !pop(out _)) return false;
            stack.Add(name == "ldelem" ? TypeKind(at) : IndirectKind(name[7..]));
            return true;
        }
        if (name.StartsWith("stelem", StringComparison.Ordinal))
        {
            if (!pop(out c) || !pop(out _) || !pop(out _)) return false;
            store(c, name == "stelem" ? TypeKind(at) : IndirectKind(name[7..]), "stores");
            return true;
        }

        // Arithmetic and conversions.
        if (name.StartsWith("conv.", StringComparison.Ordinal))
        {
            if (!pop(out a)) return false;
            if (a == StackKind.ByRef) flag(i, "turns a managed reference into a number (takes an address, as &x does)");
            stack.Add(ConversionKind(name));
            return true;
        }
        if (name is "add" or "sub" or "mul" or "div" or "div.un" or "rem" or "rem.un" or "and" or "or" or "xor"
            || name.StartsWith("add.ovf", StringComparison.Ordinal) || name.StartsWith("sub.ovf", StringComparison.Ordinal) || name.StartsWith("mul.ovf", StringComparison.Ordinal))
        {
            if (!pop(out b) || !pop(out a)) return false;
            if (a == StackKind.ByRef || b == StackKind.ByRef) flag(i, "does arithmetic on a managed reference (pointer arithmetic)");
            stack.Add(a == StackKind.ByRef || b == StackKind.ByRef ? StackKind.ByRef : Arithmetic(a, b));
            return true;
        }
        if (name is "shl" or "shr" or "shr.un")
        {
            if (!pop(out _) || !pop(out a)) return false;
            if (a == StackKind.ByRef) flag(i, "does arithmetic on a managed reference (pointer arithmetic)");
            stack.Add(a);
            return true;
        }
        if (name is "neg" or "not")
        {
            if (!pop(out a)) return false;
            if (a == StackKind.ByRef) flag(i, "does arithmetic on a managed reference (pointer arithmetic)");
            stack.Add(a);
            return true;
        }
        if (name is "ceq" or "cgt" or "cgt.un" or "clt" or "clt.un") return pop(out _) && pop(out _) && Push(stack, StackKind.Int32);

        // Objects.
        if (v == OpCodes.Box.Value)
        {
            if (!pop(out a)) return false;
            store(a, TypeKind(at) is StackKind.ByRef ? StackKind.Unknown : TypeKind(at), "boxes");
            stack.Add(StackKind.ObjRef);
            return true;
        }
        if (v == OpCodes.Unbox.Value) return pop(out _) && Push(stack, StackKind.ByRef);
        if (v == OpCodes.Unbox_Any.Value) return pop(out _) && Push(stack, TypeKind(at));
        if (v == OpCodes.Refanyval.Value) return pop(out _) && Push(stack, StackKind.ByRef);
        if (v == OpCodes.Dup.Value)
        {
            if (!pop(out a)) return false;
            stack.Add(a);
            stack.Add(a);
            return true;
        }

        // Instructions that make a value. (OpCode.StackBehaviourPush is no help here: it says isinst pushes an integer.)
        if (name.StartsWith("ldc.i4", StringComparison.Ordinal) || v == OpCodes.Sizeof.Value) return Push(stack, StackKind.Int32);
        if (v == OpCodes.Ldc_I8.Value) return Push(stack, StackKind.Int64);
        if (v == OpCodes.Ldc_R4.Value || v == OpCodes.Ldc_R8.Value) return Push(stack, StackKind.Float);
        if (v == OpCodes.Ldnull.Value || v == OpCodes.Ldstr.Value) return Push(stack, StackKind.ObjRef);
        if (v == OpCodes.Ldftn.Value) return Push(stack, StackKind.NativeInt);
        if (v == OpCodes.Ldtoken.Value || v == OpCodes.Arglist.Value) return Push(stack, StackKind.Value);
        if (v == OpCodes.Isinst.Value || v == OpCodes.Castclass.Value || v == OpCodes.Newarr.Value) return pop(out _) && Push(stack, StackKind.ObjRef);
        if (v == OpCodes.Ldlen.Value || v == OpCodes.Localloc.Value || v == OpCodes.Ldvirtftn.Value) return pop(out _) && Push(stack, StackKind.NativeInt);
        if (v == OpCodes.Mkrefany.Value || v == OpCodes.Refanytype.Value) return pop(out _) && Push(stack, StackKind.Value);
        if (v == OpCodes.Ckfinite.Value) return pop(out _) && Push(stack, StackKind.Float);

        // What is left only consumes: branches, switch, pop, throw, endfilter, leave (which empties the stack), and
        // instructions without stack effect (nop, prefixes, endfinally, rethrow, jmp).
        int pops = PopCount(at.OpCode.StackBehaviourPop);
        for (int k = 0; k < pops; k++) if (!pop(out _)) return false;
        if (v == OpCodes.Leave.Value || v == OpCodes.Leave_S.Value) stack.Clear();
        return true;
    }

    private static bool Push(List<StackKind> stack, StackKind kind)
    {
        stack.Add(kind);
        return true;
    }

    private static bool Slot(StackKind[] slots, int index, out StackKind kind)
    {
        kind = index >= 0 && index < slots.Length ? slots[index] : StackKind.Unknown;
        return index >= 0 && index < slots.Length;
    }

    /// <summary>The variable an ldarg/ldloc/starg/stloc names, in any of its encodings (ldloc.2, ldloc.s 7, ldloc 300).</summary>
    private static int VariableIndex(IlInstruction at, string shortPrefix)
    {
        string name = at.OpCode.Name!;
        if (name.Length == shortPrefix.Length + 1 && char.IsAsciiDigit(name[^1]) && name.StartsWith(shortPrefix, StringComparison.Ordinal)) return name[^1] - '0';
        return (int)(at.Operand & 0xFFFF);
    }

    private static StackKind IndirectKind(string suffix) => suffix switch
    {
        "i1" or "u1" or "i2" or "u2" or "i4" or "u4" => StackKind.Int32,
        "i8" or "u8" => StackKind.Int64,
        "i" => StackKind.NativeInt,
        "r4" or "r8" => StackKind.Float,
        "ref" => StackKind.ObjRef,
        _ => StackKind.Unknown,
    };

    private static StackKind ConversionKind(string name)
    {
        string target = name.Replace("conv.ovf.", "").Replace("conv.", "").Replace(".un", "");
        return target switch
        {
            "i1" or "u1" or "i2" or "u2" or "i4" or "u4" => StackKind.Int32,
            "i8" or "u8" => StackKind.Int64,
            "i" or "u" => StackKind.NativeInt,
            _ => StackKind.Float,
        };
    }

    private static StackKind Arithmetic(StackKind a, StackKind b)
    {
        if (a == StackKind.Float || b == StackKind.Float) return StackKind.Float;
        if (a == StackKind.NativeInt || b == StackKind.NativeInt) return StackKind.NativeInt;
        if (a == StackKind.Int64 || b == StackKind.Int64) return StackKind.Int64;
        if (a == StackKind.Int32 && b == StackKind.Int32) return StackKind.Int32;
        return StackKind.Unknown;
    }

    private static int PopCount(StackBehaviour pop) => pop switch
    {
        StackBehaviour.Pop0 => 0,
        StackBehaviour.Pop1 or StackBehaviour.Popi or StackBehaviour.Popref => 1,
        StackBehaviour.Pop1_pop1 or StackBehaviour.Popi_pop1 or StackBehaviour.Popi_popi or StackBehaviour.Popi_popi8
            or StackBehaviour.Popi_popr4 or StackBehaviour.Popi_popr8 or StackBehaviour.Popref_pop1 or StackBehaviour.Popref_popi => 2,
        StackBehaviour.Popi_popi_popi or StackBehaviour.Popref_popi_popi or StackBehaviour.Popref_popi_popi8 or StackBehaviour.Popref_popi_popr4
            or StackBehaviour.Popref_popi_popr8 or StackBehaviour.Popref_popi_popref or StackBehaviour.Popref_popi_pop1 => 3,
        _ => 0,
    };

    public StackKind ThisKind(TypeDefinitionHandle type) =>
        _types.OfTypeToken(Reader, type) is StackKind.ObjRef or StackKind.Unknown ? StackKind.ObjRef : StackKind.ByRef;

    private StackKind TypeKind(IlInstruction at)
    {
        try { return _types.OfTypeToken(Reader, MetadataTokens.EntityHandle(at.Token)); }
        catch (Exception e) when (e is BadImageFormatException or ArgumentException) { return StackKind.Unknown; }
    }

    private StackKind NewObjectKind(IlInstruction at)
    {
        EntityHandle method = MetadataTokens.EntityHandle(at.Token);
        EntityHandle type = method.Kind switch
        {
            HandleKind.MethodDefinition => Reader.GetMethodDefinition((MethodDefinitionHandle)method).GetDeclaringType(),
            HandleKind.MemberReference => Reader.GetMemberReference((MemberReferenceHandle)method).Parent,
            _ => default,
        };
        if (type.IsNil) return StackKind.ObjRef;
        StackKind kind = _types.OfTypeToken(Reader, type);
        return kind == StackKind.Unknown ? StackKind.ObjRef : kind;
    }

    private StackKind FieldKind(IlInstruction at)
    {
        EntityHandle handle = MetadataTokens.EntityHandle(at.Token);
        if (_fields.TryGetValue(handle, out StackKind known)) return known;
        StackKind kind;
        try
        {
            kind = handle.Kind switch
            {
                HandleKind.FieldDefinition => Reader.GetFieldDefinition((FieldDefinitionHandle)handle).DecodeSignature(_types, null),
                HandleKind.MemberReference => Reader.GetMemberReference((MemberReferenceHandle)handle) is var field
                    ? field.DecodeFieldSignature(_types, new StackKindTypes.GenericKinds(_types.InstantiationArguments(Reader, field.Parent), []))
                    : StackKind.Unknown,
                _ => StackKind.Unknown,
            };
        }
        catch (BadImageFormatException)
        {
            kind = StackKind.Unknown;
        }
        return _fields[handle] = kind;
    }

    private CallShape? Call(IlInstruction at)
    {
        EntityHandle handle;
        try { handle = MetadataTokens.EntityHandle(at.Token); }
        catch (ArgumentException) { return null; }
        if (_calls.TryGetValue(handle, out CallShape? known)) return known;
        CallShape? shape = null;
        try
        {
            MethodSignature<StackKind>? signature = handle.Kind switch
            {
                HandleKind.MethodDefinition => Reader.GetMethodDefinition((MethodDefinitionHandle)handle).DecodeSignature(_types, null),
                HandleKind.MemberReference => Reference((MemberReferenceHandle)handle, []),
                HandleKind.MethodSpecification => Reader.GetMethodSpecification((MethodSpecificationHandle)handle) is var spec && spec.Method.Kind == HandleKind.MethodDefinition
                    ? Reader.GetMethodDefinition((MethodDefinitionHandle)spec.Method).DecodeSignature(_types, new StackKindTypes.GenericKinds([], spec.DecodeSignature(_types, null)))
                    : Reference((MemberReferenceHandle)spec.Method, spec.DecodeSignature(_types, null)),
                HandleKind.StandaloneSignature => Reader.GetStandaloneSignature((StandaloneSignatureHandle)handle).DecodeMethodSignature(_types, null),
                _ => null,
            };
            if (signature is MethodSignature<StackKind> s)
            {
                bool isVoid = IsVoidReturn(handle);
                shape = new CallShape([.. s.ParameterTypes], s.Header.IsInstance && !s.Header.HasExplicitThis, isVoid ? null : s.ReturnType);
            }
        }
        catch (Exception e) when (e is BadImageFormatException or InvalidCastException)
        {
            shape = null;
        }
        return _calls[handle] = shape;
    }

    // A referenced method's signature with its type's and its own generic arguments in place of T and U.
    private MethodSignature<StackKind> Reference(MemberReferenceHandle handle, ImmutableArray<StackKind> methodArguments)
    {
        MemberReference method = Reader.GetMemberReference(handle);
        return method.DecodeMethodSignature(_types, new StackKindTypes.GenericKinds(_types.InstantiationArguments(Reader, method.Parent), methodArguments));
    }

    /// <summary>Whether a method reference returns void (StackKind cannot say so: void decodes as Unknown).</summary>
    public bool IsVoidReturn(EntityHandle handle)
    {
        if (handle.Kind == HandleKind.MethodSpecification) handle = Reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method;
        BlobHandle signature = handle.Kind switch
        {
            HandleKind.MethodDefinition => Reader.GetMethodDefinition((MethodDefinitionHandle)handle).Signature,
            HandleKind.MemberReference => Reader.GetMemberReference((MemberReferenceHandle)handle).Signature,
            HandleKind.StandaloneSignature => Reader.GetStandaloneSignature((StandaloneSignatureHandle)handle).Signature,
            _ => default,
        };
        BlobReader blob = Reader.GetBlobReader(signature);
        SignatureHeader header = blob.ReadSignatureHeader();
        if (header.IsGeneric) blob.ReadCompressedInteger();
        blob.ReadCompressedInteger();
        SignatureTypeCode code;
        do { code = blob.ReadSignatureTypeCode(); if (code is SignatureTypeCode.RequiredModifier or SignatureTypeCode.OptionalModifier) blob.ReadTypeHandle(); }
        while (code is SignatureTypeCode.RequiredModifier or SignatureTypeCode.OptionalModifier);
        return code == SignatureTypeCode.Void;
    }
}
