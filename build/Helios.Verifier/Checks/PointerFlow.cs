// Follows the kinds of values through a method's evaluation stack (a coarse form of ECMA-335's verification
// algorithm, III.1.8) to find raw pointers that appear in no signature: the address of a variable turned into a
// number (C#'s &x is "ldloca; conv.u"), arithmetic on a managed reference, and memory read or written at an address
// that is a number rather than a managed reference. Every path is followed; where paths meet, a slot that is a
// reference on one and a number on the other is refused too. It does not check object types (a string passed where
// an array is expected), which the C# compiler guarantees and the stricter verifier this is a first step to would.
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Helios.Verifier.Il;

namespace Helios.Verifier.Checks;

internal sealed class PointerFlow
{
    private readonly VerificationContext _context;
    private readonly StackKindTypes _types;
    private readonly StackEffects _effects;

    public PointerFlow(VerificationContext context)
    {
        _context = context;
        _types = new StackKindTypes(context.Resolver);
        _effects = new StackEffects(context.Reader, _types);
    }

    private MetadataReader Reader => _context.Reader;

    /// <param name="exempt">Instructions recognised as compiler patterns (a span over constant data), whose arguments are not checked.</param>
    public void Check(MethodDefinitionHandle handle, MethodBodyBlock body, IlDecoder il, string where, HashSet<int> exempt)
    {
        MethodDefinition method = Reader.GetMethodDefinition(handle);
        List<IlInstruction> code = il.Instructions;
        if (code.Count == 0) return;
        StackKind[] locals;
        StackEffects.CallShape self;
        try
        {
            locals = body.LocalSignature.IsNil ? [] : [.. Reader.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(_types, null)];
            MethodSignature<StackKind> signature = method.DecodeSignature(_types, null);
            self = new StackEffects.CallShape([.. signature.ParameterTypes], signature.Header.IsInstance, signature.ReturnType);
        }
        catch (BadImageFormatException)
        {
            return;   // reported by the signature checks
        }
        StackKind[] arguments = self.HasThis ? [_effects.ThisKind(method.GetDeclaringType()), .. self.Parameters] : self.Parameters;
        bool returnsValue = !_effects.IsVoidReturn(handle);

        var index = new Dictionary<int, int>(code.Count);
        for (int i = 0; i < code.Count; i++) index[code[i].Offset] = i;
        var entry = new StackKind[]?[code.Count];
        var work = new Queue<int>();
        var flagged = new HashSet<int>();
        void Flag(int at, string message)
        {
            if (flagged.Add(at)) _context.Report(VerifierRule.UnsafeCode, where, message, code[at], code[at].OpCode.Name);
        }
        bool broken = false;
        void Enter(int at, StackKind[] stack)
        {
            StackKind[]? known = entry[at];
            if (known is null)
            {
                entry[at] = stack;
                work.Enqueue(at);
                return;
            }
            if (known.Length != stack.Length)
            {
                if (!broken) _context.Report(VerifierRule.BadImage, where, $"the evaluation stack has {known.Length} values on one path to {code[at].Label} and {stack.Length} on another");
                broken = true;
                return;
            }
            StackKind[]? merged = null;
            for (int k = 0; k < stack.Length; k++)
            {
                if (known[k] == stack[k]) continue;
                if ((known[k] == StackKind.ByRef && stack[k].IsNumber()) || (stack[k] == StackKind.ByRef && known[k].IsNumber()))
                    Flag(at, "a value is a managed reference on one path here and a number on another");
                StackKind joined = StackKinds.Join(known[k], stack[k]);
                if (joined == known[k]) continue;
                merged ??= (StackKind[])known.Clone();
                merged[k] = joined;
            }
            if (merged is null) return;
            entry[at] = merged;
            work.Enqueue(at);
        }

        Enter(0, []);
        foreach (ExceptionRegion region in body.ExceptionRegions)
        {
            StackKind[] start = region.Kind is ExceptionRegionKind.Catch or ExceptionRegionKind.Filter ? [StackKind.ObjRef] : [];
            if (index.TryGetValue(region.HandlerOffset, out int handler)) Enter(handler, start);
            if (region.Kind == ExceptionRegionKind.Filter && index.TryGetValue(region.FilterOffset, out int filter)) Enter(filter, [StackKind.ObjRef]);
        }

        // Each instruction's entry state only ever rises in a finite lattice; the budget only guards hostile input.
        int budget = code.Count * 64 + 1024;
        while (work.Count > 0 && !broken && budget-- > 0)
        {
            int i = work.Dequeue();
            IlInstruction at = code[i];
            var stack = new List<StackKind>(entry[i]!);
            bool Pop(out StackKind value)
            {
                if (stack.Count == 0)
                {
                    if (!broken) _context.Report(VerifierRule.BadImage, where, "the evaluation stack underflows", at, at.OpCode.Name);
                    broken = true;
                    value = StackKind.Unknown;
                    return false;
                }
                value = stack[^1];
                stack.RemoveAt(stack.Count - 1);
                return true;
            }
            void Store(StackKind value, StackKind expected, string what)
            {
                if (value == StackKind.ByRef && expected != StackKind.ByRef)
                    Flag(i, $"{what} a managed reference where {expected.Describe()} is expected (it would let the address escape as a number or a value)");
                else if (value.IsNumber() && expected == StackKind.ByRef)
                    Flag(i, $"{what} a number where a managed reference is expected (an address forged from an integer)");
            }
            void Address(StackKind value, bool objectOrValue, string what)
            {
                if (value == StackKind.ByRef || (objectOrValue && value is StackKind.ObjRef or StackKind.Value)) return;
                Flag(i, $"{what} at an address that is {value.Describe()}, not a managed reference");
            }

            if (!_effects.Step(at, i, stack, arguments, locals, self.Return, returnsValue, exempt.Contains(i), Pop, Store, Address, Flag)) continue;

            StackKind[] after = [.. stack];
            FlowControl flow = at.OpCode.FlowControl;
            if (at.Is(OpCodes.Leave) || at.Is(OpCodes.Leave_S))
            {
                foreach (int target in at.Targets!) if (index.TryGetValue(target, out int t)) Enter(t, []);
                continue;
            }
            if (at.Targets is not null)
                foreach (int target in at.Targets)
                    if (index.TryGetValue(target, out int t)) Enter(t, after);
            bool fallsThrough = flow is FlowControl.Next or FlowControl.Call or FlowControl.Meta or FlowControl.Break or FlowControl.Cond_Branch && !at.Is(OpCodes.Jmp);
            if (fallsThrough && i + 1 < code.Count) Enter(i + 1, after);
        }
    }
}
