// The registers Traps.S saves on a CPU exception or interrupt, lowest address first.
// Assembly writes these fields, C# only reads them.
#pragma warning disable CS0649
namespace Helios.Kernel.Arch.X64
{
    internal struct X64TrapFrame
    {
        public ulong Rax, Rbx, Rcx, Rdx, Rsi, Rdi, Rbp;
        public ulong R8, R9, R10, R11, R12, R13, R14, R15;
        public ulong Vector, ErrorCode;
        // Pushed by the CPU.
        public ulong Rip, Cs, Rflags, Rsp, Ss;
    }
}
