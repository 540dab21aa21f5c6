// arm64 registers by DWARF number (AAPCS64 DWARF, "DWARF register names").
namespace Internal.Runtime.Arch.Arm64
{
    internal static class Arm64Registers
    {
        public const int FramePointer = 29;     // x29
        public const int LinkRegister = 30;     // x30, the return address column
        public const int StackPointer = 31;     // sp
    }
}
