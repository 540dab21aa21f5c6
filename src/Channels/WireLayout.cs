// The fixed message layout of docs/contracts.md, as the channel runtime reads and writes it: a 16-byte header, then
// 16-byte descriptors, then the values. Little-endian on both ISAs, so plain loads and stores are the wire format.
namespace Helios.Channels
{
    public static unsafe class WireLayout
    {
        public const int HeaderSize = 16;
        public const int ContractIdOffset = 0;
        public const int TagOffset = 8;
        public const int DescriptorCountOffset = 10;
        public const int VersionOffset = 11;
        public const int BlockSizeOffset = 12;
        public const byte Version = 1;

        public const int DescriptorSize = 16;
        public const int DescriptorKindOffset = 0;
        public const int DescriptorElementSizeOffset = 2;
        public const int DescriptorCountFieldOffset = 4;
        public const int DescriptorHandleOffset = 8;

        public const byte KindArray = 1;
        public const byte KindImporter = 2;
        public const byte KindExporter = 3;

        public static int DescriptorOffset(int index) => HeaderSize + index * DescriptorSize;

        /// <summary>The endpoint handle descriptor index of the message at block carries, or 0 (an array, or no endpoint).</summary>
        public static ulong EndpointAt(byte* block, int index)
        {
            byte* d = block + DescriptorOffset(index);
            return d[DescriptorKindOffset] == KindArray ? 0 : *(ulong*)(d + DescriptorHandleOffset);
        }
    }
}
