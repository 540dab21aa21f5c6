// Makes a device an empty FAT32 volume (what mkfs.vfat -F 32 does): boot sector and its backup, FSInfo, two FATs,
// a root directory of one cluster holding the volume label.
using System;
using System.Buffers.Binary;

namespace Helios.Services.Fat32
{
    public static class FatFormatter
    {
        private const int ReservedSectors = 32;
        private const int FatCount = 2;
        private const int BackupBootSector = 6;

        /// <summary>Formats <paramref name="device"/> (at least 4,096 sectors) as FAT32 with clusters sized as mkfs.vfat
        /// sizes them (512 B up to 260 MiB, 4 KiB up to 8 GiB, then larger), and flushes it.</summary>
        public static void Format(IBlockDevice device, string label = "HELIOS", uint volumeId = 0x48454C53)
        {
            int bps = device.SectorSize;
            long total = device.SectorCount;
            if (total < 4096) throw new FileSystemException(FileSystemError.InvalidArgument, "a device of " + total + " sectors is too small for FAT32");
            if (total > 0xFFFFFFFFL) total = 0xFFFFFFFFL;
            long bytes = total * bps;
            long clusterBytes = bytes <= 260L << 20 ? 512 : bytes <= 8L << 30 ? 4096 : bytes <= 16L << 30 ? 8192 : bytes <= 32L << 30 ? 16384 : 32768;
            int spc = (int)Math.Max(1, clusterBytes / bps);
            // The smallest FATs that describe every cluster left beside them (a larger FAT only leaves fewer clusters).
            long fatSectors = 1, clusters;
            while (true)
            {
                clusters = (total - ReservedSectors - FatCount * fatSectors) / spc;
                long needed = ((clusters + 2) * 4 + bps - 1) / bps;
                if (needed <= fatSectors) break;
                fatSectors = needed;
            }
            if (clusters < 16) throw new FileSystemException(FileSystemError.InvalidArgument, "a device of " + total + " sectors leaves too few clusters");

            var boot = new byte[bps];
            boot[0] = 0xEB; boot[1] = 0x58; boot[2] = 0x90;
            Ascii(boot, 3, "HELIOS  ", 8);
            BinaryPrimitives.WriteUInt16LittleEndian(boot.AsSpan(11), (ushort)bps);
            boot[13] = (byte)spc;
            BinaryPrimitives.WriteUInt16LittleEndian(boot.AsSpan(14), ReservedSectors);
            boot[16] = FatCount;
            boot[21] = 0xF8;                                                   // fixed disk
            BinaryPrimitives.WriteUInt16LittleEndian(boot.AsSpan(24), 32);     // sectors a track, heads: nominal
            BinaryPrimitives.WriteUInt16LittleEndian(boot.AsSpan(26), 64);
            BinaryPrimitives.WriteUInt32LittleEndian(boot.AsSpan(32), (uint)total);
            BinaryPrimitives.WriteUInt32LittleEndian(boot.AsSpan(36), (uint)fatSectors);
            BinaryPrimitives.WriteUInt32LittleEndian(boot.AsSpan(44), 2);      // root cluster
            BinaryPrimitives.WriteUInt16LittleEndian(boot.AsSpan(48), 1);      // FSInfo
            BinaryPrimitives.WriteUInt16LittleEndian(boot.AsSpan(50), BackupBootSector);
            boot[64] = 0x80;
            boot[66] = 0x29;
            BinaryPrimitives.WriteUInt32LittleEndian(boot.AsSpan(67), volumeId);
            Ascii(boot, 71, LabelBytes(label), 11);
            Ascii(boot, 82, "FAT32   ", 8);
            boot[510] = 0x55; boot[511] = 0xAA;

            var info = new byte[bps];
            BinaryPrimitives.WriteUInt32LittleEndian(info, 0x41615252);
            BinaryPrimitives.WriteUInt32LittleEndian(info.AsSpan(484), 0x61417272);
            FsInfo.Write(info, (uint)(clusters - 1), 3);
            BinaryPrimitives.WriteUInt32LittleEndian(info.AsSpan(508), 0xAA550000);

            // The reserved area (boot, FSInfo, their backups), the FATs and the root cluster, zeroed in runs.
            var zeros = new byte[bps * 64];
            long end = ReservedSectors + FatCount * fatSectors + spc;
            for (long sector = 0; sector < end;)
            {
                int n = (int)Math.Min(64, end - sector);
                device.Write(sector, new ReadOnlySpan<byte>(zeros, 0, n * bps));
                sector += n;
            }
            device.Write(0, boot);
            device.Write(1, info);
            device.Write(BackupBootSector, boot);
            device.Write(BackupBootSector + 1, info);

            var fat = new byte[bps];
            BinaryPrimitives.WriteUInt32LittleEndian(fat, 0x0FFFFFF8);               // the media byte
            BinaryPrimitives.WriteUInt32LittleEndian(fat.AsSpan(4), 0x0FFFFFFF);     // clean, no errors
            BinaryPrimitives.WriteUInt32LittleEndian(fat.AsSpan(8), 0x0FFFFFFF);     // the root's one cluster
            for (int f = 0; f < FatCount; f++) device.Write(ReservedSectors + f * fatSectors, fat);

            var root = new byte[bps];
            Ascii(root, 0, LabelBytes(label), 11);
            root[11] = FatAttributes.VolumeLabel;
            device.Write(ReservedSectors + FatCount * fatSectors, root);
            device.Flush();
        }

        private static string LabelBytes(string label)
        {
            var chars = new char[11];
            for (int i = 0; i < 11; i++)
            {
                char c = label != null && i < label.Length ? label[i] : ' ';
                if (c >= 'a' && c <= 'z') c = (char)(c - 32);
                chars[i] = c < 0x20 || c > 0x7E ? '_' : c;
            }
            return new string(chars);
        }

        private static void Ascii(byte[] into, int at, string text, int length)
        {
            for (int i = 0; i < length; i++) into[at + i] = (byte)(i < text.Length ? text[i] : ' ');
        }
    }
}
