// The lowest 64 KiB of the address space are never mapped once boot information has been read, so that a null
// reference faults even at a field offset: ilc checks for null explicitly only beyond offsets it assumes fault.
// A fault here in managed code is a NullReferenceException (Diagnostics/Traps.cs).
namespace Helios.Kernel.Memory
{
    public static class NullGuard
    {
        public const ulong Size = 64 * 1024;
        public const int Pages = (int)(Size / 4096);

        public static bool Covers(ulong address) => address < Size;
    }
}
