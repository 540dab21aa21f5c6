// The binary form of a manifest, as the boot bundle carries it to the kernel. Version 1, or 2 for a manifest that
// declares hardware, little-endian throughout:
//
//   header  0  u32  magic "HMAN" (48 4D 41 4E)
//           4  u16  version (1, or 2)
//           6  u16  reserved, 0
//           8  u32  total length in bytes, header included
//          12  u32  CRC-32 (IEEE, as zlib computes it) of every byte after the header
//   body       str  name            u8  runtime        str image
//              u64  heap limit      u64 stack size
//              u8   platform count, each: str name, i8 affinity
//              u16  endpoint count, each: u8 kind, u8 id, i8 affinity, str contract name, opt-str path
//              u16  argument count, each: str
//   version 2: u8   PCI device count (at least 1), each: u16 vendor id, u16 device id, u8 register BARs (bit n: BAR n),
//                                                     u8 interrupts (bit n: the function's MSI-X vector n)
//
// str is a u16 byte count then that many bytes of UTF-8; opt-str is the same with 0xFFFF meaning "absent". Nothing may
// follow the last argument (version 1) or PCI device (version 2). docs/manifests.md describes the same layout.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public static class ManifestBlobFormat
    {
        public const uint Magic = 0x4E414D48;   // "HMAN" read as a little-endian u32
        public const ushort Version = 1;
        /// <summary>The version of a manifest with &lt;hardware&gt;: a manifest without keeps version 1's bytes.</summary>
        public const ushort HardwareVersion = 2;
        public const int HeaderSize = 16;
        public const ushort AbsentString = 0xFFFF;

        /// <summary>CRC-32 (reflected, polynomial 0xEDB88320), bit by bit: manifests are small and this needs no table.</summary>
        public static uint Crc32(System.ReadOnlySpan<byte> data)
        {
            uint crc = 0xFFFFFFFF;
            for (int i = 0; i < data.Length; i++)
            {
                crc ^= data[i];
                for (int bit = 0; bit < 8; bit++)
                    crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB88320 : crc >> 1;
            }
            return ~crc;
        }
    }
}
