// Placing a checked RelocatableImage at a page-aligned base in identity-mapped memory: every byte written once (each
// segment's file part copied, the rest, bss and gaps, cleared) and each relocation applied as "base + addend". The
// process loader and the satellite launcher both place images this way.
using System;

namespace Helios.Kernel.Loading
{
    public static unsafe class ImagePlacement
    {
        /// <summary>
        /// Places the image; returns how many bytes from the base it wrote. With leaveLastTail, the last segment's bytes
        /// past its file contents are left as they are: a kernel image's early heap, which its heap clears as it hands
        /// it out (clearing megabytes there would only slow a satellite's start).
        /// </summary>
        public static ulong Place(ReadOnlySpan<byte> file, RelocatableImage image, ulong imageBase, bool leaveLastTail = false)
        {
            ulong cursor = 0;
            foreach (RelocatableImage.Segment segment in image.Segments)
            {
                Clear(imageBase + cursor, segment.Address - cursor);
                file.Slice((int)segment.FileOffset, (int)segment.FileSize).CopyTo(new Span<byte>((void*)(imageBase + segment.Address), (int)segment.FileSize));
                cursor = segment.Address + segment.FileSize;
            }
            if (!leaveLastTail)
            {
                Clear(imageBase + cursor, image.Size - cursor);
                cursor = image.Size;
            }

            // RelocatableImage checked every entry: relative or none, 8-byte aligned, inside the image.
            var relocations = (ulong*)(imageBase + image.RelocationsAddress);
            for (ulong i = 0; i < image.RelocationCount; i++)
            {
                ulong* entry = relocations + i * 3;
                if ((uint)entry[1] == 0) continue;
                *(ulong*)(imageBase + entry[0]) = imageBase + entry[2];
            }
            return (cursor + RelocatableImage.PageSize - 1) & ~(RelocatableImage.PageSize - 1);
        }

        private static void Clear(ulong address, ulong length)
        {
            // Cleared in pieces: a span's length is an int, and a satellite's early heap alone is megabytes.
            while (length > 0)
            {
                int piece = length > 1UL << 30 ? 1 << 30 : (int)length;
                new Span<byte>((void*)address, piece).Clear();
                address += (ulong)piece;
                length -= (ulong)piece;
            }
        }
    }
}
