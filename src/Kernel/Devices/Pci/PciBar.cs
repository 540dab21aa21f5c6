// One base address register of a PCI function as the scanner found (or placed) it.
namespace Helios.Kernel.Devices.Pci
{
    public readonly struct PciBar
    {
        public PciBar(int index, ulong address, ulong size, bool isIo, bool is64Bit, bool prefetchable)
        {
            Index = index;
            Address = address;
            Size = size;
            IsIo = isIo;
            Is64Bit = is64Bit;
            Prefetchable = prefetchable;
        }

        /// <summary>Which BAR (0-5); a 64-bit BAR also takes the next one.</summary>
        public int Index { get; }

        /// <summary>The bus address the BAR decodes (the same physical address on q35 and virt); 0 when unplaced.</summary>
        public ulong Address { get; }

        public ulong Size { get; }

        public bool IsIo { get; }

        public bool Is64Bit { get; }

        public bool Prefetchable { get; }
    }
}
