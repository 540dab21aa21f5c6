// The PL011 UART of QEMU's virt machine at 0x09000000: the kernel's console on arm64. QEMU needs no set-up.
using System;
using System.Threading;

namespace Helios.Kernel.Arch.Arm64
{
    internal static unsafe class Pl011
    {
        private const ulong Base = 0x09000000;
        private const ulong DataRegister = Base + 0x00;
        private const ulong FlagRegister = Base + 0x18;
        private const uint TransmitFifoFull = 1 << 5;
        private const uint ReceiveFifoEmpty = 1 << 4;

        internal static void Write(ReadOnlySpan<char> text)
        {
            foreach (char c in text)
            {
                if (c == '\n') Put('\r');
                Put(c < 0x80 ? c : '?');
            }
        }

        /// <summary>The next received byte, or -1 when the receive FIFO is empty (the error bits above it are dropped).</summary>
        internal static int Read()
            => (Volatile.Read(ref *(uint*)FlagRegister) & ReceiveFifoEmpty) != 0 ? -1 : (int)(Volatile.Read(ref *(uint*)DataRegister) & 0xFF);

        private static void Put(char c)
        {
            while ((Volatile.Read(ref *(uint*)FlagRegister) & TransmitFifoFull) != 0) { }
            Volatile.Write(ref *(uint*)DataRegister, c);
        }
    }
}
