// A frame's registers as the unwinder sees them, named by DWARF register number so that the unwind tables can be
// interpreted without knowing the ISA. Slots 0-31 are DWARF registers 0-31 (x86_64: rax..r15 and the return address
// column 16; arm64: x0..x30 and sp = 31); slots 32-47 are DWARF 64-79 (arm64 v0-v15, of which d8-d15 are callee-saved).
// Assembly fills and reads it at fixed offsets (Arch/*/ExceptionHandling.S): slot n at 8*n, Ip at 8*48.
using System.Runtime.InteropServices;

namespace Internal.Runtime.ExceptionHandling
{
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct RegisterContext
    {
        public const int SlotCount = 48;
        public const int IpOffset = SlotCount * 8;

        private fixed ulong _slots[SlotCount];

        /// <summary>The frame's instruction pointer: a return address, or the faulting instruction (see IpIsReturnAddress).</summary>
        public ulong Ip;

        /// <summary>The slot of a DWARF register, or -1 when the context does not keep it.</summary>
        public static int SlotOf(int dwarfRegister)
        {
            if ((uint)dwarfRegister < 32) return dwarfRegister;
            if (dwarfRegister >= 64 && dwarfRegister < 80) return dwarfRegister - 32;
            return -1;
        }

        public ulong this[int slot]
        {
            readonly get => _slots[slot];
            set => _slots[slot] = value;
        }

        public ulong Sp
        {
            readonly get => _slots[UnwindRegisters.StackPointer];
            set => _slots[UnwindRegisters.StackPointer] = value;
        }

        public readonly ulong FramePointer => _slots[UnwindRegisters.FramePointer];
    }
}
