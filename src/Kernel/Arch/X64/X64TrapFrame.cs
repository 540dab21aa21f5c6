// The registers Traps.S saves on a CPU exception or interrupt, lowest address first.
// Assembly writes these fields, C# only reads them.
#pragma warning disable CS0649
using Internal.Runtime.ExceptionHandling;

namespace Helios.Kernel.Arch.X64
{
    internal struct X64TrapFrame
    {
        public ulong FaultAddress;      // CR2 at entry: meaningful for #PF only
        public ulong Rax, Rbx, Rcx, Rdx, Rsi, Rdi, Rbp;
        public ulong R8, R9, R10, R11, R12, R13, R14, R15;
        public ulong Vector, ErrorCode;
        // Pushed by the CPU.
        public ulong Rip, Cs, Rflags, Rsp, Ss;

        /// <summary>The interrupted code's registers, by DWARF number (System V psABI numbering).</summary>
        public readonly void CopyTo(ref RegisterContext context)
        {
            context[0] = Rax;
            context[1] = Rdx;
            context[2] = Rcx;
            context[3] = Rbx;
            context[4] = Rsi;
            context[5] = Rdi;
            context[6] = Rbp;
            context[7] = Rsp;
            context[8] = R8;
            context[9] = R9;
            context[10] = R10;
            context[11] = R11;
            context[12] = R12;
            context[13] = R13;
            context[14] = R14;
            context[15] = R15;
            context.Ip = Rip;
        }

        /// <summary>A general-purpose register by its encoding in ModRM/SIB (0 = rax ... 15 = r15).</summary>
        public readonly ulong Register(int encoding) => encoding switch
        {
            0 => Rax, 1 => Rcx, 2 => Rdx, 3 => Rbx, 4 => Rsp, 5 => Rbp, 6 => Rsi, 7 => Rdi,
            8 => R8, 9 => R9, 10 => R10, 11 => R11, 12 => R12, 13 => R13, 14 => R14, _ => R15,
        };
    }
}
