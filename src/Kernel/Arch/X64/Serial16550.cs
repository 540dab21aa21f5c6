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

        internal static void Initialize()
        {
            Cpu.OutByte(InterruptEnable, 0x00);
            Cpu.OutByte(LineControl, 0x80);     // divisor latch on
            Cpu.OutByte(Data, 0x01);            // 115200 baud
            Cpu.OutByte(InterruptEnable, 0x00);
            Cpu.OutByte(LineControl, 0x03);     // 8 bits, no parity, one stop bit
            Cpu.OutByte(FifoControl, 0xC7);     // FIFOs on and cleared
            Cpu.OutByte(ModemControl, 0x03);    // DTR, RTS
        }

        internal static void Write(ReadOnlySpan<char> text)
        {
            foreach (char c in text)
            {
                if (c == '\n') Put((byte)'\r');
                Put(c < 0x80 ? (byte)c : (byte)'?');
            }
        }

        private static void Put(byte b)
        {
            while ((Cpu.InByte(LineStatus) & TransmitHoldingEmpty) == 0) { }
            Cpu.OutByte(Data, b);
        }
    }
}
