// One row of a function's call frame table: how to find the caller's frame from a point inside the function. The
// CFA (canonical frame address: the stack pointer just before the call) is a register plus an offset; each saved
// register is found relative to it. Evaluated from the CFI by CallFrameInterpreter, applied by FrameUnwinder.
// Members that read are readonly: the struct is passed by `in`, where calling a mutable member would copy it.
// Compact: only registers with a rule other than "same value" are kept (a frame saves a dozen at most), so a row is
// cheap to copy and to apply.
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
        public const int MaxRules = 24;     // arm64 saves at most 20 (x19-x30, d8-d15), x86_64 7

        public int CfaRegister;     // a DWARF register number
        public long CfaOffset;

        private int _count;
        private fixed byte _slots[MaxRules];
        private fixed byte _rules[MaxRules];
        private fixed long _operands[MaxRules];

        /// <summary>How many registers have a rule other than SameValue (for FrameUnwinder).</summary>
        public readonly int Count => _count;

        public readonly int SlotAt(int i) => _slots[i];

        public readonly RegisterRule RuleAt(int i) => (RegisterRule)_rules[i];

        public readonly long OperandAt(int i) => _operands[i];

        public readonly RegisterRule RuleOf(int slot)
        {
            int i = Find(slot);
            return i < 0 ? RegisterRule.SameValue : (RegisterRule)_rules[i];
        }

        public readonly long OperandOf(int slot)
        {
            int i = Find(slot);
            return i < 0 ? 0 : _operands[i];
        }

        /// <summary>Sets a register's rule; false when the row is full (more saved registers than any ABI has).</summary>
        public bool Set(int slot, RegisterRule rule, long operand)
        {
            int i = Find(slot);
            if (i < 0)
            {
                if (rule == RegisterRule.SameValue) return true;
                if (_count == MaxRules) return false;
                i = _count++;
                _slots[i] = (byte)slot;
            }
            _rules[i] = (byte)rule;
            _operands[i] = operand;
            return true;
        }

        private readonly int Find(int slot)
        {
            for (int i = 0; i < _count; i++)
                if (_slots[i] == slot) return i;
            return -1;
        }
    }
}
