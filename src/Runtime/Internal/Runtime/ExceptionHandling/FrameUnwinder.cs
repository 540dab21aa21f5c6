// Steps a register context from a frame to its caller by applying the frame's unwind rules: the saved registers are
// read back from the stack, the caller's stack pointer is the CFA and its instruction pointer the return address.
namespace Internal.Runtime.ExceptionHandling
{
    [System.Runtime.CompilerServices.SkipLocalsInit]
    public static unsafe class FrameUnwinder
    {
        /// <summary>
        /// Replaces context with its caller's. False (context unchanged, unless the failure is found late) when the rules do not lead further up the
        /// stack: an unknown CFA register, a misaligned CFA, or one that does not move towards the stack's base.
        /// </summary>
        public static bool TryUnwind(ref RegisterContext context, in UnwindRules rules, int returnAddressRegister)
        {
            int cfaSlot = RegisterContext.SlotOf(rules.CfaRegister);
            int returnSlot = RegisterContext.SlotOf(returnAddressRegister);
            if (cfaSlot < 0 || returnSlot < 0) return false;
            ulong cfa = context[cfaSlot] + (ulong)rules.CfaOffset;
            if ((cfa & 7) != 0 || cfa <= context.Sp) return false;

            // Every rule is computed from this frame's registers before any is replaced (a rule may read a register
            // another rule restores).
            ulong* values = stackalloc ulong[UnwindRules.MaxRules];
            for (int i = 0; i < rules.Count; i++)
            {
                long operand = rules.OperandAt(i);
                switch (rules.RuleAt(i))
                {
                    case RegisterRule.Offset:
                        values[i] = *(ulong*)(cfa + (ulong)operand);
                        break;
                    case RegisterRule.ValueOffset:
                        values[i] = cfa + (ulong)operand;
                        break;
                    case RegisterRule.Register:
                        int source = RegisterContext.SlotOf((int)operand);
                        if (source < 0) return false;
                        values[i] = context[source];
                        break;
                    case RegisterRule.SameValue:
                        values[i] = context[rules.SlotAt(i)];
                        break;
                    default:
                        values[i] = 0;      // undefined
                        break;
                }
            }
            for (int i = 0; i < rules.Count; i++) context[rules.SlotAt(i)] = values[i];
            context.Ip = context[returnSlot];
            context.Sp = cfa;
            return true;
        }
    }
}
