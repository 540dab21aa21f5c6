// Each CPU's GDT and TSS. Long mode needs little of either, but the TSS holds the interrupt stack table: a double
// fault runs on IST1, the CPU's emergency stack. That is how a stack overflow gets reported at all: the page fault
// on the guard page cannot push its frame onto the full stack, which makes it a double fault.
namespace Helios.Kernel.Arch.X64
{
    internal static unsafe class Descriptors
    {
        public const ushort CodeSelector = 0x08;
        public const ushort DataSelector = 0x10;
        public const ushort TssSelector = 0x18;
        public const int DoubleFaultStack = 1;

        private const int GdtBytes = 5 * 8;         // null, code, data, and the 16-byte TSS descriptor
        private const int TssOffset = 64;
        private const int TssBytes = 104;

        /// <summary>Builds this CPU's GDT and TSS in a fresh frame and loads them.</summary>
        public static void LoadOnThisCpu(ulong emergencyStackTop)
        {
            byte* page = (byte*)Memory.Frames.Allocate();
            if (page == null) throw new System.OutOfMemoryException("no frame for a GDT");
            ulong* gdt = (ulong*)page;
            gdt[0] = 0;
            gdt[1] = 0x00AF9A000000FFFF;            // 64-bit code, ring 0
            gdt[2] = 0x00CF92000000FFFF;            // data, ring 0
            ulong tss = (ulong)(page + TssOffset);
            ulong limit = TssBytes - 1;
            gdt[3] = limit | (tss & 0xFFFFFF) << 16 | 0x89UL << 40 | (tss >> 24 & 0xFF) << 56;   // present 64-bit TSS
            gdt[4] = tss >> 32;
            *(ulong*)(tss + 36 + 8 * (DoubleFaultStack - 1)) = emergencyStackTop;               // IST1
            *(ushort*)(tss + 102) = TssBytes;                                                    // no I/O bitmap

            byte* pointer = page + 48;              // lgdt's 10-byte operand, after the table
            *(ushort*)pointer = GdtBytes - 1;
            *(ulong*)(pointer + 2) = (ulong)gdt;
            Instructions.LoadGdt(pointer, TssSelector);
        }
    }
}
