// The boot bundle: a cpio archive (the "newc" format Linux's initramfs uses) of the apps' images and manifests and
// the boot configuration, which QEMU's loader device places in memory and the command line locates
// ("bundle=<address>,<length>"). The build writes one per ISA (artifacts/images/<config>/<isa>/bundle.cpio).
// Pure logic over the archive's bytes: names and where each file's data lies, checked.
using System;
using System.Collections.Generic;

namespace Helios.Kernel.Boot
{
    public readonly struct BundleFile
    {
        public BundleFile(string name, int offset, int length)
        {
            Name = name;
            Offset = offset;
            Length = length;
        }

        public string Name { get; }

        /// <summary>Where the file's data starts, from the start of the archive.</summary>
        public int Offset { get; }

        public int Length { get; }
    }

    public static class BootBundle
    {
        private const int HeaderSize = 110;
        private const string Trailer = "TRAILER!!!";
        private const int RegularFile = 0x8000, FileTypeMask = 0xF000;

        /// <summary>The archive's regular files; throws BootInfoException naming what is malformed and where.</summary>
        public static List<BundleFile> Read(ReadOnlySpan<byte> archive)
        {
            var files = new List<BundleFile>();
            int position = 0;
            while (true)
            {
                if (archive.Length - position < HeaderSize) throw Bad(position, "an entry header is cut short (no trailer)");
                ReadOnlySpan<byte> header = archive.Slice(position, HeaderSize);
                if (header[0] != '0' || header[1] != '7' || header[2] != '0' || header[3] != '7' || header[4] != '0' || header[5] != '1')
                    throw Bad(position, "not a cpio \"newc\" entry (magic 070701)");
                int mode = Field(header, 1, position);
                int fileSize = Field(header, 6, position);
                int nameSize = Field(header, 11, position);
                if (nameSize < 1 || nameSize > 4096) throw Bad(position, "a file name of " + nameSize.ToString() + " bytes");
                int nameStart = position + HeaderSize;
                if (archive.Length - nameStart < nameSize) throw Bad(position, "a file name runs past the end");
                if (archive[nameStart + nameSize - 1] != 0) throw Bad(position, "a file name is not terminated");
                string name = Ascii(archive.Slice(nameStart, nameSize - 1), position);
                int dataStart = Align4(nameStart + nameSize);
                if (dataStart > archive.Length || archive.Length - dataStart < fileSize) throw Bad(position, "'" + name + "' runs past the end");
                if (name == Trailer) return files;
                if ((mode & FileTypeMask) == RegularFile)
                {
                    foreach (BundleFile other in files)
                        if (other.Name == name) throw Bad(position, "'" + name + "' appears twice");
                    files.Add(new BundleFile(name, dataStart, fileSize));
                }
                position = Align4(dataStart + fileSize);
            }
        }

        public static BundleFile? Find(List<BundleFile> files, string name)
        {
            foreach (BundleFile file in files)
                if (file.Name == name) return file;
            return null;
        }

        private static int Align4(int value) => (value + 3) & ~3;

        // Field i of the 13 eight-digit hexadecimal fields after the magic.
        private static int Field(ReadOnlySpan<byte> header, int index, int position)
        {
            uint value = 0;
            for (int i = 0; i < 8; i++)
            {
                int c = header[6 + index * 8 + i];
                int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                if (digit < 0) throw Bad(position, "a header field is not hexadecimal");
                value = value << 4 | (uint)digit;
            }
            if (value > int.MaxValue) throw Bad(position, "a header field is out of range");
            return (int)value;
        }

        private static string Ascii(ReadOnlySpan<byte> bytes, int position)
        {
            var chars = new char[bytes.Length];
            for (int i = 0; i < bytes.Length; i++)
            {
                if (bytes[i] < 0x20 || bytes[i] > 0x7E) throw Bad(position, "a file name is not printable ASCII");
                chars[i] = (char)bytes[i];
            }
            return new string(chars);
        }

        private static BootInfoException Bad(int position, string what)
            => new BootInfoException("boot bundle, offset " + position.ToString() + ": " + what);
    }
}
