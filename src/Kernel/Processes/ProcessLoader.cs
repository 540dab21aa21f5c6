// Loading a process: place its image (read and checked once per app by ProcessImage, see Apps) in frames of its own
// at any page-aligned base (ImagePlacement: segments copied, the rest cleared, relocations applied) and fill its
// import slots with the kernel entry points they name (ProcessAbi), bound once per app.
using System;
using Helios.Kernel.Loading;
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

            ImagePlacement.Place(file, image.Image, imageBase);
            var slot = (nint*)(imageBase + image.Header.ImportSlotsStart);
            for (int i = 0; i < slots.Length; i++) slot[i] = slots[i];
            Diagnostics.DebuggerHooks.ProcessLoaded(name, imageBase);      // gdb loads the app's symbols here
            return new Process(name, manifest, arguments, image, imageBase);
        }
    }
}
