// Finds the unwind record of a code address through .eh_frame_hdr, the sorted (start address, FDE) table the linker
// writes with --eh-frame-hdr: a binary search instead of a walk through every record.
namespace Internal.Runtime.ExceptionHandling
{
    public readonly struct EhFrameIndex
    {
        private const byte TableEncoding = 0x3B;    // datarel | sdata4: what lld writes, and all we need to read

        private readonly ImageView _image;
        private readonly ulong _table;
        private readonly ulong _count;

        private EhFrameIndex(ImageView image, ulong header, ulong table, ulong count)
        {
            _image = image;
            Header = header;
            _table = table;
            _count = count;
        }

        /// <summary>The address of .eh_frame_hdr (table entries are relative to it).</summary>
        public ulong Header { get; }

        public bool IsEmpty => _count == 0;

        /// <summary>Reads the header at address; an absent or unreadable header gives an empty index.</summary>
        public static EhFrameIndex Open(ImageView image, ulong header)
        {
            var cursor = new ImageReader(image, header);
            byte version = cursor.U8();
            byte framePointerEncoding = cursor.U8();
            byte countEncoding = cursor.U8();
            byte tableEncoding = cursor.U8();
            if (cursor.Failed || version != 1 || tableEncoding != TableEncoding) return default;
            cursor.EncodedPointer(framePointerEncoding, header);
            ulong count = cursor.EncodedPointer(countEncoding, header);
            ulong table = cursor.Address;
            if (cursor.Failed || count > image.Length / 8 || !image.Contains(table, count * 8)) return default;
            return new EhFrameIndex(image, header, table, count);
        }

        /// <summary>The FDE describing pc, or false when no function of this image contains it.</summary>
        public bool TryFind(ulong pc, out FrameDescription frame)
        {
            frame = default;
            if (_count == 0) return false;
            // The last entry whose start is at or below pc.
            ulong lo = 0, hi = _count;
            while (hi - lo > 1)
            {
                ulong mid = lo + (hi - lo) / 2;
                if (StartOf(mid) <= pc) lo = mid;
                else hi = mid;
            }
            if (StartOf(lo) > pc) return false;
            var cursor = new ImageReader(_image, _table + lo * 8 + 4);
            ulong fde = Header + (ulong)(long)cursor.S32();
            return !cursor.Failed && FrameDescription.TryParse(_image, fde, out frame) && frame.Contains(pc);
        }

        private ulong StartOf(ulong index)
        {
            var cursor = new ImageReader(_image, _table + index * 8);
            return Header + (ulong)(long)cursor.S32();
        }
    }
}
