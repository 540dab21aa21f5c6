// The PC serial port (a 16550 UART at COM1, 0x3F8): the kernel's console on x86_64.
using System;

namespace Helios.Kernel.Arch.X64
{
    internal static class Serial16550
    {
        private const ushort Base = 0x3F8;
        private const ushort Data = Base + 0;
        private const ushort InterruptEnable = Base + 1;
        private const ushort FifoControl = Base + 2;
        private const ushort LineControl = Base + 3;
        private const ushort ModemControl = Base + 4;
        private const ushort LineStatus = Base + 5;
        private const byte TransmitHoldingEmpty = 0x20;
        private const byte DataReady = 0x01;

        internal static void Initialize()
        {
            Instructions.OutByte(InterruptEnable, 0x00);
            Instructions.OutByte(LineControl, 0x80);     // divisor latch on
            Instructions.OutByte(Data, 0x01);            // 115200 baud
            Instructions.OutByte(InterruptEnable, 0x00);
            Instructions.OutByte(LineControl, 0x03);     // 8 bits, no parity, one stop bit
            Instructions.OutByte(FifoControl, 0xC7);     // FIFOs on and cleared
            Instructions.OutByte(ModemControl, 0x03);    // DTR, RTS
        }

        internal static void Write(ReadOnlySpan<char> text)
        {
            foreach (char c in text)
            {
                if (c == '\n') Put((byte)'\r');
                Put(c < 0x80 ? (byte)c : (byte)'?');
            }
        }

        /// <summary>The next received byte, or -1 when the receive FIFO is empty.</summary>
        internal static int Read()
            => (Instructions.InByte(LineStatus) & DataReady) != 0 ? Instructions.InByte(Data) : -1;

        private static void Put(byte b)
        {
            while ((Instructions.InByte(LineStatus) & TransmitHoldingEmpty) == 0) { }
            Instructions.OutByte(Data, b);
        }
    }
}
