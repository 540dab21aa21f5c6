// The few registers the portable unwinder must name, as DWARF register numbers of the image's ISA.
using Internal.Runtime.Arch.Arm64;
using Internal.Runtime.Arch.X64;

namespace Internal.Runtime.ExceptionHandling
{
    internal static class UnwindRegisters
    {
        public static int StackPointer => TargetIsa.IsX64 ? X64Registers.StackPointer : Arm64Registers.StackPointer;

        /// <summary>The register funclets find their parent frame through (rbp, x29).</summary>
        public static int FramePointer => TargetIsa.IsX64 ? X64Registers.FramePointer : Arm64Registers.FramePointer;
    }
}
