// Loading a process: read and check its image (ProcessImage), place it in frames of its own at any page-aligned
// base, copy its segments, apply its relocations (each is "base + addend") and bind every import to the kernel's
// entry point of that name (ProcessAbi). A process image that asks for anything else is refused with a reason.
using System;
using Helios.Kernel.Arch;
using Helios.Kernel.Manifests;
using Helios.Kernel.Memory;

namespace Helios.Kernel.Processes
{
    public static unsafe class ProcessLoader
    {
        public static Process Load(string name, ReadOnlySpan<byte> file, ApplicationManifest manifest, string[] arguments)
        {
            ProcessImage image = ProcessImage.Read(file, name + ".elf", ProcessImage.MachineOf(Platform.Current.IsaName == "x86_64"));
            var slots = new nint[image.Imports.Length];
            for (int i = 0; i < slots.Length; i++)
            {
                slots[i] = ProcessAbi.Lookup(image.Imports[i]);
                if (slots[i] == 0) throw new ProcessImageException(image.Name + ": imports " + image.Imports[i] + ", which this kernel does not provide");
            }

            ulong frames = image.Size / FrameAllocator.FrameSize;
            ulong imageBase = Frames.Allocate(frames);      // zeroed: the segments' bss needs nothing more
            if (imageBase == 0) throw new ProcessImageException(image.Name + ": no memory to load it (" + (image.Size >> 10).ToString() + " KiB)");
            foreach (ProcessImage.Segment segment in image.Segments)
                file.Slice((int)segment.FileOffset, (int)segment.FileSize).CopyTo(new Span<byte>((void*)(imageBase + segment.Address), (int)segment.FileSize));

            // ProcessImage checked every entry: relative, 8-byte aligned, inside the image.
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
    }
}
