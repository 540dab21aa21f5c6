// The registers Vectors.S saves on an exception, lowest address first. The interrupted code's q0-q31 are saved in
// the 512 bytes just below the frame. Assembly writes these fields, C# only reads them.
#pragma warning disable CS0649
using Internal.Runtime.ExceptionHandling;

namespace Helios.Kernel.Arch.Arm64
{
    internal unsafe struct Arm64TrapFrame
    {
        private const int SavedVectorRegisters = 512;

        public fixed ulong X[30];       // x0-x29
        public ulong Lr;                // x30
        public ulong Sp;                // before the exception
        public ulong Elr;
        public ulong Spsr;
        public ulong Esr;
        public ulong Far;

        /// <summary>The interrupted code's registers, by DWARF number (x0-x30, sp, and v0-v15's low halves).</summary>
        public static void CopyTo(Arm64TrapFrame* frame, ref RegisterContext context)
        {
            for (int i = 0; i < 30; i++) context[i] = frame->X[i];
            context[30] = frame->Lr;
            context[31] = frame->Sp;
            byte* vectors = (byte*)frame - SavedVectorRegisters;
            for (int v = 0; v < 16; v++) context[RegisterContext.SlotOf(64 + v)] = *(ulong*)(vectors + v * 16);
            context.Ip = frame->Elr;
        }
    }
}
