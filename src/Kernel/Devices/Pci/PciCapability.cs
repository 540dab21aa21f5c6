// An entry of a function's capability list: its id and where its registers start in configuration space (virtio
// finds its register blocks through vendor-specific ones, id 0x09).
namespace Helios.Kernel.Devices.Pci
{
    public readonly struct PciCapability
    {
        public PciCapability(byte id, int offset)
        {
            Id = id;
            Offset = offset;
        }

        public byte Id { get; }

        public int Offset { get; }
    }
}
