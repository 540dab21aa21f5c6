// One row of a function's call frame table: how to find the caller's frame from a point inside the function. The
// CFA (canonical frame address: the stack pointer just before the call) is a register plus an offset; each saved
// register is found relative to it. Evaluated from the CFI by CallFrameInterpreter, applied by FrameUnwinder.
namespace Internal.Runtime.ExceptionHandling
{
    public enum RegisterRule : byte
    {
        SameValue = 0,      // the caller's value is this frame's (not saved, or not touched)
        Undefined,          // not recoverable
        Offset,             // saved in memory at CFA + operand
        ValueOffset,        // the value is CFA + operand
        Register,           // the value is in DWARF register (operand)
    }

    public unsafe struct UnwindRules
    {
        public int CfaRegister;     // a DWARF register number
        public long CfaOffset;

        private fixed byte _rules[RegisterContext.SlotCount];
        private fixed long _operands[RegisterContext.SlotCount];

        public RegisterRule RuleOf(int slot) => (RegisterRule)_rules[slot];

        public long OperandOf(int slot) => _operands[slot];

        public void Set(int slot, RegisterRule rule, long operand)
        {
            _rules[slot] = (byte)rule;
            _operands[slot] = operand;
        }
    }
}
