// Loading a process: place its image (read and checked once per app by ProcessImage, see Apps) in frames of its own
// at any page-aligned base, copy its segments and clear the rest, apply its relocations (each is "base + addend") and
// fill its import slots with the kernel entry points they name (ProcessAbi), bound once per app.
using System;
using Helios.Kernel.Manifests;
using Helios.Kernel.Memory;

namespace Helios.Kernel.Processes
{
    public static unsafe class ProcessLoader
    {
        /// <summary>The kernel entry point for each of the image's imports; a name the kernel lacks is refused.</summary>
        public static nint[] Bind(ProcessImage image)
        {
            var slots = new nint[image.Imports.Length];
            for (int i = 0; i < slots.Length; i++)
            {
                slots[i] = ProcessAbi.Lookup(image.Imports[i]);
                if (slots[i] == 0) throw new ProcessImageException(image.Name + ": imports " + image.Imports[i] + ", which this kernel does not provide");
            }
            return slots;
        }

        public static Process Load(string name, ReadOnlySpan<byte> file, ProcessImage image, nint[] slots, ApplicationManifest manifest, string[] arguments)
        {
            ulong frames = image.Size / FrameAllocator.FrameSize;
            ulong imageBase = Frames.AllocateUncleared(frames);
            if (imageBase == 0) throw new ProcessImageException(image.Name + ": no memory to load it (" + (image.Size >> 10).ToString() + " KiB)");

            // Every byte is written once: the file's part of each segment copied, the rest (bss, gaps) cleared.
            ulong cursor = 0;
            foreach (ProcessImage.Segment segment in image.Segments)
            {
                Clear(imageBase + cursor, segment.Address - cursor);
                file.Slice((int)segment.FileOffset, (int)segment.FileSize).CopyTo(new Span<byte>((void*)(imageBase + segment.Address), (int)segment.FileSize));
                cursor = segment.Address + segment.FileSize;
            }
            Clear(imageBase + cursor, image.Size - cursor);

            // ProcessImage checked every entry: relative or none, 8-byte aligned, inside the image.
            var relocations = (ulong*)(imageBase + image.RelocationsAddress);
            for (ulong i = 0; i < image.RelocationCount; i++)
            {
                ulong* entry = relocations + i * 3;
                if ((uint)entry[1] == 0) continue;
                *(ulong*)(imageBase + entry[0]) = imageBase + entry[2];
            }

            var slot = (nint*)(imageBase + image.Header.ImportSlotsStart);
            for (int i = 0; i < slots.Length; i++) slot[i] = slots[i];
            return new Process(name, manifest, arguments, image, imageBase);
        }

        private static void Clear(ulong address, ulong length)
        {
            if (length > 0) new Span<byte>((void*)address, (int)length).Clear();
        }
    }
}
