// x86_64 registers by DWARF number (System V psABI, "DWARF Register Number Mapping").
namespace Internal.Runtime.Arch.X64
{
    internal static class X64Registers
    {
        public const int FramePointer = 6;      // rbp
        public const int StackPointer = 7;      // rsp
        public const int ReturnAddress = 16;    // the return address column
    }
}
