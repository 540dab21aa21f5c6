// A #DE comes from dividing by zero, or from an idiv whose quotient does not fit (int.MinValue / -1), which C# calls
// an OverflowException. Telling them apart means reading the faulting instruction's divisor: a register or a memory
// operand (ModRM, SIB, displacement, RIP-relative).
namespace Helios.Kernel.Arch.X64
{
    internal static unsafe class DivideError
    {
        private const byte OperandSizePrefix = 0x66;
        private const byte RexW = 0x08, RexX = 0x02, RexB = 0x01;

        /// <summary>True when the #DE at frame.Rip is an idiv by -1 (an overflow, not a division by zero).</summary>
        public static bool IsOverflow(in X64TrapFrame frame)
        {
            byte* p = (byte*)frame.Rip;
            int size = 4;
            if (*p == OperandSizePrefix)
            {
                size = 2;
                p++;
            }
            byte rex = 0;
            if ((*p & 0xF0) == 0x40) rex = *p++;
            if ((rex & RexW) != 0) size = 8;
            if (*p++ != 0xF7) return false;     // the compiler divides 16, 32 and 64-bit values only

            byte modrm = *p++;
            int mod = modrm >> 6;
            int rm = modrm & 7;
            if (((modrm >> 3) & 7) != 7) return false;     // /7 is idiv; div by zero is the only #DE of div here

            long divisor;
            if (mod == 3)
            {
                divisor = SignExtend(frame.Register(rm | ((rex & RexB) << 3)), size);
            }
            else
            {
                ulong address;
                if (rm == 4)
                {
                    byte sib = *p++;
                    int index = ((sib >> 3) & 7) | ((rex & RexX) << 2);
                    int baseRegister = (sib & 7) | ((rex & RexB) << 3);
                    address = index == 4 ? 0 : frame.Register(index) << (sib >> 6);
                    if ((sib & 7) == 5 && mod == 0)
                    {
                        address += (ulong)(long)*(int*)p;
                        p += 4;
                    }
                    else
                    {
                        address += frame.Register(baseRegister);
                    }
                }
                else if (rm == 5 && mod == 0)
                {
                    int displacement = *(int*)p;
                    p += 4;
                    address = (ulong)p + (ulong)(long)displacement;     // idiv has no immediate: p is its end
                }
                else
                {
                    address = frame.Register(rm | ((rex & RexB) << 3));
                }
                if (mod == 1) address += (ulong)(long)*(sbyte*)p;
                else if (mod == 2) address += (ulong)(long)*(int*)p;
                divisor = size switch
                {
                    2 => *(short*)address,
                    4 => *(int*)address,
                    _ => *(long*)address,
                };
            }
            return divisor == -1;
        }

        private static long SignExtend(ulong value, int size) => size switch
        {
            2 => (short)value,
            4 => (int)value,
            _ => (long)value,
        };
    }
}
