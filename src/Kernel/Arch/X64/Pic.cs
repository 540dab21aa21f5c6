// The legacy 8259 PICs. Firmware leaves them delivering the PIT on vector 8, where a CPU exception lives: remap them
// out of the exception range, then mask every line. Interrupts come through the local and I/O APICs instead.
namespace Helios.Kernel.Arch.X64
{
    internal static class Pic
    {
        private const ushort MasterCommand = 0x20, MasterData = 0x21, SlaveCommand = 0xA0, SlaveData = 0xA1;
        public const int FirstVector = 0x20;            // 0x20-0x2F: spurious interrupts from the masked PICs land here

        public static void Disable()
        {
            Instructions.OutByte(MasterCommand, 0x11);           // ICW1: initialise, expect ICW4
            Instructions.OutByte(SlaveCommand, 0x11);
            Instructions.OutByte(MasterData, FirstVector);       // ICW2: vector offsets
            Instructions.OutByte(SlaveData, FirstVector + 8);
            Instructions.OutByte(MasterData, 4);                 // ICW3: slave on IRQ2
            Instructions.OutByte(SlaveData, 2);
            Instructions.OutByte(MasterData, 1);                 // ICW4: 8086 mode
            Instructions.OutByte(SlaveData, 1);
            Instructions.OutByte(MasterData, 0xFF);              // mask everything
            Instructions.OutByte(SlaveData, 0xFF);
        }
    }
}
