// Runs a function's DWARF call frame instructions (its CIE's, then its FDE's) up to a code address, giving the
// unwind rules in force there. Covers what ilc, gcc and clang emit for .eh_frame; DWARF expressions are refused
// (nothing we link uses them), and so is anything malformed: the caller then treats the frame as unwindable no further.
namespace Internal.Runtime.ExceptionHandling
{
    [System.Runtime.CompilerServices.SkipLocalsInit]
    public static class CallFrameInterpreter
    {
        private const int StateStackDepth = 4;

        /// <summary>The rules in force at pc, which must be inside the frame's function.</summary>
        public static bool TryEvaluate(ImageView image, in FrameDescription frame, ulong pc, out UnwindRules rules)
        {
            rules = default;
            if (!frame.Contains(pc)) return false;
            // The CIE's instructions give the initial rules, which DW_CFA_restore returns a register to.
            if (!Run(image, frame, frame.CieInstructions, frame.CieInstructionsEnd, ulong.MaxValue, ref rules, default))
                return false;
            UnwindRules initial = rules;
            return Run(image, frame, frame.Instructions, frame.InstructionsEnd, pc, ref rules, initial);
        }

        private static unsafe bool Run(ImageView image, in FrameDescription frame, ulong start, ulong end, ulong pc,
            ref UnwindRules rules, in UnwindRules initial)
        {
            var cfi = new ImageReader(image, start);
            ulong location = frame.PcBegin;
            UnwindRules* saved = stackalloc UnwindRules[StateStackDepth];
            int depth = 0;

            while (cfi.Address < end && !cfi.Failed)
            {
                byte op = cfi.U8();
                int operand = op & 0x3F;
                ulong advance = 0;
                switch (op & 0xC0)
                {
                    case 0x40:  // DW_CFA_advance_loc
                        advance = (ulong)operand;
                        break;
                    case 0x80:  // DW_CFA_offset
                        if (!SetRule(ref rules, operand, RegisterRule.Offset, (long)cfi.Uleb128() * frame.DataAlignment)) return false;
                        continue;
                    case 0xC0:  // DW_CFA_restore
                        if (!Restore(ref rules, initial, operand)) return false;
                        continue;
                    default:
                        switch (op)
                        {
                            case 0x00: continue;                                // nop
                            case 0x02: advance = cfi.U8(); break;               // advance_loc1
                            case 0x03: advance = cfi.U16(); break;              // advance_loc2
                            case 0x04: advance = cfi.U32(); break;              // advance_loc4
                            case 0x05:                                          // offset_extended
                            {
                                int register = (int)cfi.Uleb128();
                                if (!SetRule(ref rules, register, RegisterRule.Offset, (long)cfi.Uleb128() * frame.DataAlignment)) return false;
                                continue;
                            }
                            case 0x06: if (!Restore(ref rules, initial, (int)cfi.Uleb128())) return false; continue;         // restore_extended
                            case 0x07: if (!SetRule(ref rules, (int)cfi.Uleb128(), RegisterRule.Undefined, 0)) return false; continue;
                            case 0x08: if (!SetRule(ref rules, (int)cfi.Uleb128(), RegisterRule.SameValue, 0)) return false; continue;
                            case 0x09:                                          // register
                            {
                                int register = (int)cfi.Uleb128();
                                if (!SetRule(ref rules, register, RegisterRule.Register, (long)cfi.Uleb128())) return false;
                                continue;
                            }
                            case 0x0A:                                          // remember_state
                                if (depth == StateStackDepth) return false;
                                saved[depth++] = rules;
                                continue;
                            case 0x0B:                                          // restore_state
                                if (depth == 0) return false;
                                rules = saved[--depth];
                                continue;
                            case 0x0C:                                          // def_cfa
                                rules.CfaRegister = (int)cfi.Uleb128();
                                rules.CfaOffset = (long)cfi.Uleb128();
                                continue;
                            case 0x0D: rules.CfaRegister = (int)cfi.Uleb128(); continue;       // def_cfa_register
                            case 0x0E: rules.CfaOffset = (long)cfi.Uleb128(); continue;        // def_cfa_offset
                            case 0x11:                                          // offset_extended_sf
                            {
                                int register = (int)cfi.Uleb128();
                                if (!SetRule(ref rules, register, RegisterRule.Offset, cfi.Sleb128() * frame.DataAlignment)) return false;
                                continue;
                            }
                            case 0x12:                                          // def_cfa_sf
                                rules.CfaRegister = (int)cfi.Uleb128();
                                rules.CfaOffset = cfi.Sleb128() * frame.DataAlignment;
                                continue;
                            case 0x13: rules.CfaOffset = cfi.Sleb128() * frame.DataAlignment; continue;  // def_cfa_offset_sf
                            case 0x14:                                          // val_offset
                            {
                                int register = (int)cfi.Uleb128();
                                if (!SetRule(ref rules, register, RegisterRule.ValueOffset, (long)cfi.Uleb128() * frame.DataAlignment)) return false;
                                continue;
                            }
                            case 0x15:                                          // val_offset_sf
                            {
                                int register = (int)cfi.Uleb128();
                                if (!SetRule(ref rules, register, RegisterRule.ValueOffset, cfi.Sleb128() * frame.DataAlignment)) return false;
                                continue;
                            }
                            case 0x2E: cfi.Uleb128(); continue;                 // GNU_args_size: no effect on registers
                            case 0x2F:                                          // GNU_negative_offset_extended
                            {
                                int register = (int)cfi.Uleb128();
                                if (!SetRule(ref rules, register, RegisterRule.Offset, -(long)cfi.Uleb128() * frame.DataAlignment)) return false;
                                continue;
                            }
                            default:
                                return false;   // set_loc, expressions, vendor extensions: not emitted by our tools
                        }
                        break;
                }
                location += advance * frame.CodeAlignment;
                if (location > pc) break;   // the row in force at pc is the one before this advance
            }
            return !cfi.Failed;
        }

        // Registers no context keeps need no rule. A row with more saved registers than it holds is refused.
        private static bool SetRule(ref UnwindRules rules, int register, RegisterRule rule, long operand)
        {
            int slot = RegisterContext.SlotOf(register);
            return slot < 0 || rules.Set(slot, rule, operand);
        }

        private static bool Restore(ref UnwindRules rules, in UnwindRules initial, int register)
        {
            int slot = RegisterContext.SlotOf(register);
            return slot < 0 || rules.Set(slot, initial.RuleOf(slot), initial.OperandOf(slot));
        }
    }
}
