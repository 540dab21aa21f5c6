// The registers Vectors.S saves on an exception, lowest address first.
// Assembly writes these fields, C# only reads them.
#pragma warning disable CS0649
namespace Helios.Kernel.Arch.Arm64
{
    internal unsafe struct Arm64TrapFrame
    {
        public fixed ulong X[30];       // x0-x29
        public ulong Lr;                // x30
        public ulong Sp;                // before the exception
        public ulong Elr;
        public ulong Spsr;
        public ulong Esr;
        public ulong Far;
    }
}
