// CRC-32 as in IEEE 802.3, zlib and PNG (reflected polynomial 0xEDB88320, initial value and final xor 0xFFFFFFFF;
// "123456789" gives 0xCBF43926): the boot block's checksum. Our own, because the kernel has no System.IO.Hashing.
using System;

namespace Helios.Satellite.Boot
{
    internal static class Crc32
    {
        private static uint[] s_table;

        /// <summary>The register's value before any byte, and the final xor.</summary>
        public const uint Start = 0xFFFFFFFFu;

        public static uint Compute(ReadOnlySpan<byte> data) => Continue(Start, data) ^ Start;

        /// <summary>Runs the register over more bytes: a checksum of pieces without joining them.</summary>
        public static uint Continue(uint crc, ReadOnlySpan<byte> data)
        {
            uint[] table = s_table ?? (s_table = BuildTable());
            for (int i = 0; i < data.Length; i++) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
            return crc;
        }

        // Built on first use: the table costs 1 KiB of heap only in kernels that handle a boot block.
        private static uint[] BuildTable()
        {
            var table = new uint[256];
            for (uint n = 0; n < 256; n++)
            {
                uint c = n;
                for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
                table[n] = c;
            }
            return table;
        }
    }
}
