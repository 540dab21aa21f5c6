// A process image as the loader needs it: a RelocatableImage (an ELF64 position-independent executable for this
// kernel's ISA, checked) whose entry is the process header, and the kernel entry points it imports. Pure logic: the
// host tests run it on every built app.
using System;
using System.Collections.Generic;
using Helios.Kernel.Loading;

namespace Helios.Kernel.Processes
{
    public sealed class ProcessImage
    {
        public const ushort MachineX64 = RelocatableImage.MachineX64;
        public const ushort MachineArm64 = RelocatableImage.MachineArm64;
        public const ulong PageSize = RelocatableImage.PageSize;
        public const ulong MaxImageSize = RelocatableImage.MaxImageSize;

        private ProcessImage(RelocatableImage image, ProcessHeader header, string[] imports)
        {
            Image = image;
            Header = header;
            Imports = imports;
        }

        /// <summary>The image's segments and relocations, as the loader places them.</summary>
        public RelocatableImage Image { get; }

        public string Name => Image.Name;

        /// <summary>The loadable segments, in ascending order, none overlapping.</summary>
        public List<RelocatableImage.Segment> Segments => Image.Segments;

        /// <summary>Bytes from the base to the end of the last segment, in whole pages.</summary>
        public ulong Size => Image.Size;

        public ProcessHeader Header { get; }

        /// <summary>The kernel entry points the image imports, in slot order.</summary>
        public string[] Imports { get; }

        public static ushort MachineOf(bool x64) => RelocatableImage.MachineOf(x64);

        public static ProcessImage Read(ReadOnlySpan<byte> file, string name, ushort machine)
        {
            RelocatableImage image;
            try
            {
                image = RelocatableImage.Read(file, name, machine);
            }
            catch (ImageFormatException e)
            {
                throw new ProcessImageException(e.Message);
            }
            ReadOnlySpan<byte> headerBytes = At(file, image, image.Entry, ProcessHeader.Size, "the process header");
            ProcessHeader header = ProcessHeader.Read(headerBytes, image.Size, name);
            string[] imports = ReadImports(file, image, header, name);
            return new ProcessImage(image, header, imports);
        }

        private static string[] ReadImports(ReadOnlySpan<byte> file, RelocatableImage image, ProcessHeader header, string name)
        {
            ReadOnlySpan<byte> names = At(file, image, header.ImportNamesStart, header.ImportNamesEnd - header.ImportNamesStart, "the import names");
            var imports = new string[header.ImportCount];
            int start = 0;
            for (int i = 0; i < imports.Length; i++)
            {
                int end = names.Slice(start).IndexOf((byte)0);
                if (end <= 0 || end > 128) throw Bad(name, "import name " + i.ToString() + " is missing or malformed");
                var chars = new char[end];
                for (int c = 0; c < end; c++)
                {
                    byte b = names[start + c];
                    if (b < 0x21 || b > 0x7E) throw Bad(name, "import name " + i.ToString() + " is not printable ASCII");
                    chars[c] = (char)b;
                }
                imports[i] = new string(chars);
                start += end + 1;
            }
            if (start != names.Length) throw Bad(name, "it has more import names than import slots");
            return imports;
        }

        private static ReadOnlySpan<byte> At(ReadOnlySpan<byte> file, RelocatableImage image, ulong address, ulong length, string what)
        {
            try
            {
                return RelocatableImage.At(file, image.Segments, address, length, image.Name, what);
            }
            catch (ImageFormatException e)
            {
                throw new ProcessImageException(e.Message);
            }
        }

        private static ProcessImageException Bad(string name, string what) => new ProcessImageException(name + ": " + what);
    }
}
