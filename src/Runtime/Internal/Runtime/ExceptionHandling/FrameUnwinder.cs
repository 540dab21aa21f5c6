// Steps a register context from a frame to its caller by applying the frame's unwind rules: the saved registers are
// read back from the stack, the caller's stack pointer is the CFA and its instruction pointer the return address.
namespace Internal.Runtime.ExceptionHandling
{
    public static unsafe class FrameUnwinder
    {
        /// <summary>
        /// Replaces context with its caller's. False (context unchanged) when the rules do not lead further up the
        /// stack: an unknown CFA register, a misaligned CFA, or one that does not move towards the stack's base.
        /// </summary>
        public static bool TryUnwind(ref RegisterContext context, in UnwindRules rules, int returnAddressRegister)
        {
            int cfaSlot = RegisterContext.SlotOf(rules.CfaRegister);
            int returnSlot = RegisterContext.SlotOf(returnAddressRegister);
            if (cfaSlot < 0 || returnSlot < 0) return false;
            ulong cfa = context[cfaSlot] + (ulong)rules.CfaOffset;
            if ((cfa & 7) != 0 || cfa <= context.Sp) return false;

            RegisterContext caller = context;
            for (int slot = 0; slot < RegisterContext.SlotCount; slot++)
            {
                long operand = rules.OperandOf(slot);
                switch (rules.RuleOf(slot))
                {
                    case RegisterRule.Offset:
                        caller[slot] = *(ulong*)(cfa + (ulong)operand);
                        break;
                    case RegisterRule.ValueOffset:
                        caller[slot] = cfa + (ulong)operand;
                        break;
                    case RegisterRule.Register:
                        int source = RegisterContext.SlotOf((int)operand);
                        if (source < 0) return false;
                        caller[slot] = context[source];
                        break;
                    case RegisterRule.Undefined:
                        caller[slot] = 0;
                        break;
                }
            }
            caller.Ip = caller[returnSlot];
            caller.Sp = cfa;
            context = caller;
            return true;
        }
    }
}
