// The bytes of a linked image seen at the addresses it was linked (or loaded) at. The unwinder reads the image's
// unwind and EH tables through it, so a table that points outside the image is caught rather than followed. In an
// image the bytes are where the addresses say (Data == Base); host tests map an ELF file's bytes to its addresses.
namespace Internal.Runtime.ExceptionHandling
{
    public readonly unsafe struct ImageView
    {
        private readonly byte* _data;

        public ImageView(byte* data, ulong baseAddress, ulong length)
        {
            _data = data;
            Base = baseAddress;
            Length = length;
        }

        public ulong Base { get; }

        public ulong Length { get; }

        public bool IsEmpty => Length == 0;

        public bool Contains(ulong address, ulong size) =>
            address >= Base && size <= Length && address - Base <= Length - size;

        /// <summary>A pointer to size bytes at address, or null when they are not all inside the image.</summary>
        public byte* At(ulong address, ulong size) => Contains(address, size) ? _data + (address - Base) : null;
    }
}
