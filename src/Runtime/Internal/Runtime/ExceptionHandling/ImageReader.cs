// Reads the values an image's unwind and EH tables are made of: fixed-width little-endian, DWARF's LEB128 and pointer
// encodings (.eh_frame), and ilc's variable-length unsigned integers (its EH clauses).
// A read outside the image sets Failed and yields 0 instead of throwing: the exception dispatcher itself uses this,
// and must not raise an exception while it looks for a handler.
using System.Runtime.CompilerServices;

namespace Internal.Runtime.ExceptionHandling
{
    public unsafe struct ImageReader
    {
        // Pointer encodings (DW_EH_PE_*): the low nibble is the format, the high one what it is relative to.
        public const byte EncodingOmit = 0xFF;
        private const byte FormatAbsolute = 0x00;
        private const byte FormatUleb128 = 0x01;
        private const byte FormatUdata2 = 0x02;
        private const byte FormatUdata4 = 0x03;
        private const byte FormatUdata8 = 0x04;
        private const byte FormatSleb128 = 0x09;
        private const byte FormatSdata2 = 0x0A;
        private const byte FormatSdata4 = 0x0B;
        private const byte FormatSdata8 = 0x0C;
        private const byte RelativePc = 0x10;
        private const byte RelativeData = 0x30;

        private readonly ImageView _image;

        public ImageReader(ImageView image, ulong address)
        {
            _image = image;
            Address = address;
            Failed = false;
        }

        public ulong Address { get; set; }

        public bool Failed { get; private set; }

        public byte U8() => (byte)Fixed(1);

        public ushort U16() => (ushort)Fixed(2);

        public uint U32() => (uint)Fixed(4);

        public int S32() => (int)(uint)Fixed(4);

        public ulong U64() => Fixed(8);

        public ulong Uleb128()
        {
            ulong value = 0;
            int shift = 0;
            while (true)
            {
                byte b = U8();
                if (Failed) return 0;
                if (shift < 64) value |= (ulong)(b & 0x7F) << shift;
                shift += 7;
                if ((b & 0x80) == 0) return value;
            }
        }

        public long Sleb128()
        {
            long value = 0;
            int shift = 0;
            byte b;
            do
            {
                b = U8();
                if (Failed) return 0;
                if (shift < 64) value |= (long)(b & 0x7F) << shift;
                shift += 7;
            }
            while ((b & 0x80) != 0);
            if (shift < 64 && (b & 0x40) != 0) value |= -1L << shift;
            return value;
        }

        /// <summary>ilc's variable-length unsigned integer: the low bits of the first byte say how many bytes follow.</summary>
        public uint NativeUnsigned()
        {
            uint first = U8();
            if ((first & 1) == 0) return first >> 1;
            if ((first & 2) == 0) return (first >> 2) | ((uint)U8() << 6);
            if ((first & 4) == 0) return (first >> 3) | ((uint)U8() << 5) | ((uint)U8() << 13);
            if ((first & 8) == 0) return (first >> 4) | ((uint)U8() << 4) | ((uint)U8() << 12) | ((uint)U8() << 20);
            if ((first & 16) == 0) return U32();
            return (uint)Fail();
        }

        /// <summary>A pointer in one of the DW_EH_PE encodings; dataBase is what datarel values are relative to.</summary>
        public ulong EncodedPointer(byte encoding, ulong dataBase = 0)
        {
            if (encoding == EncodingOmit) return 0;
            ulong start = Address;
            ulong value = (encoding & 0x0F) switch
            {
                FormatAbsolute => U64(),
                FormatUleb128 => Uleb128(),
                FormatUdata2 => U16(),
                FormatUdata4 => U32(),
                FormatUdata8 => U64(),
                FormatSleb128 => (ulong)Sleb128(),
                FormatSdata2 => (ulong)(long)(short)U16(),
                FormatSdata4 => (ulong)(long)S32(),
                FormatSdata8 => U64(),
                _ => Fail(),
            };
            switch (encoding & 0x70)
            {
                case 0: break;
                case RelativePc: value += start; break;
                case RelativeData: value += dataBase; break;
                default: return Fail();
            }
            // Indirect pointers (0x80) would need a load from the running image; ilc and lld never emit them here.
            if ((encoding & 0x80) != 0) return Fail();
            return value;
        }

        /// <summary>An FDE's pc range: in the FDE's pointer format, but never relative to anything.</summary>
        public ulong EncodedRange(byte encoding) => EncodedPointer((byte)(encoding & 0x0F));

        public void Skip(ulong count)
        {
            if (!_image.Contains(Address, count)) Fail();
            else Address += count;
        }

        // Both ISAs are little-endian and allow unaligned loads from normal memory.
        private ulong Fixed(int size)
        {
            if (Failed) return 0;
            byte* p = _image.At(Address, (ulong)size);
            if (p == null) return Fail();
            Address += (ulong)size;
            return size switch
            {
                1 => *p,
                2 => Unsafe.ReadUnaligned<ushort>(p),
                4 => Unsafe.ReadUnaligned<uint>(p),
                _ => Unsafe.ReadUnaligned<ulong>(p),
            };
        }

        private ulong Fail()
        {
            Failed = true;
            return 0;
        }
    }
}
