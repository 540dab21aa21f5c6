// Device registers: 32- and 64-bit loads and stores the compiler neither removes nor reorders (the pages are mapped
// as Device memory by AddressSpace, so the CPU does not cache or merge them either).
using System.Threading;

namespace Helios.Kernel.Arch
{
    public static unsafe class Mmio
    {
        public static uint Read32(ulong address) => Volatile.Read(ref *(uint*)address);

        public static void Write32(ulong address, uint value) => Volatile.Write(ref *(uint*)address, value);

        public static ulong Read64(ulong address) => Volatile.Read(ref *(ulong*)address);

        public static void Write64(ulong address, ulong value) => Volatile.Write(ref *(ulong*)address, value);

        public static ushort Read16(ulong address) => Volatile.Read(ref *(ushort*)address);

        public static void Write16(ulong address, ushort value) => Volatile.Write(ref *(ushort*)address, value);

        public static byte Read8(ulong address) => Volatile.Read(ref *(byte*)address);

        public static void Write8(ulong address, byte value) => Volatile.Write(ref *(byte*)address, value);
    }
}
