// The FAT32 boot sector (BIOS parameter block) read and validated: where the FATs, the data and the root are.
using System;
using System.Buffers.Binary;

namespace Helios.Services.Fat32
{
    /// <summary>A validated FAT32 layout. Every sector it names lies inside the device, so a later read can only fail
    /// for a cluster number out of range, which the FAT code checks against <see cref="MaxCluster"/>.</summary>
    public sealed class FatGeometry
    {
        public int BytesPerSector { get; private set; }
        public int SectorsPerCluster { get; private set; }
        public int BytesPerCluster => BytesPerSector * SectorsPerCluster;
        public long ReservedSectors { get; private set; }
        public int FatCount { get; private set; }
        public long SectorsPerFat { get; private set; }
        public long TotalSectors { get; private set; }
        public long FirstDataSector { get; private set; }
        /// <summary>Data clusters; they are numbered 2 .. <see cref="MaxCluster"/>.</summary>
        public uint ClusterCount { get; private set; }
        public uint MaxCluster => ClusterCount + 1;
        public uint RootCluster { get; private set; }
        /// <summary>The FSInfo sector, or -1 when the volume has none (or a damaged one, which is then left alone).</summary>
        public long FsInfoSector { get; private set; }
        /// <summary>-1 when every FAT is written (mirroring), otherwise the only active FAT.</summary>
        public int ActiveFat { get; private set; }

        public long ClusterToSector(uint cluster) => FirstDataSector + (long)(cluster - 2) * SectorsPerCluster;

        /// <summary>Reads and validates the boot sector of <paramref name="device"/>.</summary>
        public static FatGeometry Read(IBlockDevice device)
        {
            int sectorSize = device.SectorSize;
            if (sectorSize < 512 || sectorSize > 4096 || (sectorSize & (sectorSize - 1)) != 0)
                throw new FileSystemException(FileSystemError.Unsupported, "the device's sector size " + sectorSize + " is not 512, 1024, 2048 or 4096");
            if (device.SectorCount < 1) throw FileSystemException.Corrupt("the device is empty");
            var boot = new byte[sectorSize];
            device.Read(0, boot);
            var geometry = Parse(boot, device.SectorCount);
            if (geometry.FsInfoSector >= 0)
            {
                var info = new byte[sectorSize];
                device.Read(geometry.FsInfoSector, info);
                if (!FsInfo.IsValid(info)) geometry.FsInfoSector = -1;
            }
            return geometry;
        }

        /// <summary>Validates boot sector <paramref name="boot"/> of a device of <paramref name="deviceSectors"/> sectors of
        /// <c>boot.Length</c> bytes.</summary>
        public static FatGeometry Parse(ReadOnlySpan<byte> boot, long deviceSectors)
        {
            if (boot.Length < 512) throw FileSystemException.Corrupt("the boot sector is shorter than 512 bytes");
            if (boot[510] != 0x55 || boot[511] != 0xAA) throw FileSystemException.Corrupt("the boot sector has no 55 AA signature");
            int bytesPerSector = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(11));
            int sectorsPerCluster = boot[13];
            int reserved = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(14));
            int fatCount = boot[16];
            int rootEntries = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(17));
            uint total16 = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(19));
            uint fat16Size = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(22));
            uint total32 = BinaryPrimitives.ReadUInt32LittleEndian(boot.Slice(32));
            uint fatSize = BinaryPrimitives.ReadUInt32LittleEndian(boot.Slice(36));
            int extFlags = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(40));
            int version = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(42));
            uint rootCluster = BinaryPrimitives.ReadUInt32LittleEndian(boot.Slice(44));
            int fsInfo = BinaryPrimitives.ReadUInt16LittleEndian(boot.Slice(48));

            if (bytesPerSector != boot.Length)
                throw FileSystemException.Corrupt("the boot sector says " + bytesPerSector + " bytes a sector, the device has " + boot.Length);
            if (sectorsPerCluster == 0 || (sectorsPerCluster & (sectorsPerCluster - 1)) != 0)
                throw FileSystemException.Corrupt("sectors per cluster " + sectorsPerCluster + " is not a power of two");
            if ((long)bytesPerSector * sectorsPerCluster > 65536)
                throw FileSystemException.Corrupt("clusters of " + (bytesPerSector * sectorsPerCluster) + " bytes are larger than 64 KiB");
            if (reserved < 1) throw FileSystemException.Corrupt("no reserved sectors (the boot sector is one)");
            if (fatCount < 1 || fatCount > 4) throw FileSystemException.Corrupt(fatCount + " FATs (1 to 4 expected)");
            if (rootEntries != 0 || fat16Size != 0 || fatSize == 0)
                throw new FileSystemException(FileSystemError.Unsupported, "not a FAT32 volume (FAT12/16 layout fields are set)");
            if (version != 0) throw new FileSystemException(FileSystemError.Unsupported, "FAT32 version " + (version >> 8) + "." + (version & 0xFF) + " (0.0 expected)");
            long totalSectors = total16 != 0 ? total16 : total32;
            if (totalSectors == 0) throw FileSystemException.Corrupt("the volume has no sectors");
            if (totalSectors > deviceSectors)
                throw FileSystemException.Corrupt("the image is truncated: the boot sector says " + totalSectors + " sectors, the device has " + deviceSectors);
            long firstData = reserved + (long)fatCount * fatSize;
            if (firstData >= totalSectors)
                throw FileSystemException.Corrupt("the FATs (" + fatCount + " of " + fatSize + " sectors) do not fit in " + totalSectors + " sectors");
            long clusters = (totalSectors - firstData) / sectorsPerCluster;
            if (clusters < 1) throw FileSystemException.Corrupt("no data clusters");
            if (clusters > 0x0FFFFFF5) clusters = 0x0FFFFFF5; // cluster numbers above that are FAT markers
            long fatEntries = (long)fatSize * bytesPerSector / 4;
            if (fatEntries < clusters + 2)
                throw FileSystemException.Corrupt("a FAT of " + fatSize + " sectors cannot describe " + clusters + " clusters");
            if (rootCluster < 2 || rootCluster > clusters + 1)
                throw FileSystemException.Corrupt("the root directory's cluster " + rootCluster + " is outside 2.." + (clusters + 1));

            int activeFat = -1;
            if ((extFlags & 0x80) != 0)
            {
                activeFat = extFlags & 0x0F;
                if (activeFat >= fatCount) throw FileSystemException.Corrupt("the active FAT " + activeFat + " does not exist (" + fatCount + " FATs)");
            }
            return new FatGeometry
            {
                BytesPerSector = bytesPerSector,
                SectorsPerCluster = sectorsPerCluster,
                ReservedSectors = reserved,
                FatCount = fatCount,
                SectorsPerFat = fatSize,
                TotalSectors = totalSectors,
                FirstDataSector = firstData,
                ClusterCount = (uint)clusters,
                RootCluster = rootCluster,
                FsInfoSector = fsInfo >= 1 && fsInfo < reserved ? fsInfo : -1,
                ActiveFat = activeFat,
            };
        }
    }

    /// <summary>The FSInfo sector's free-cluster hints.</summary>
    internal static class FsInfo
    {
        public static bool IsValid(ReadOnlySpan<byte> sector) =>
            BinaryPrimitives.ReadUInt32LittleEndian(sector) == 0x41615252
            && BinaryPrimitives.ReadUInt32LittleEndian(sector.Slice(484)) == 0x61417272
            && BinaryPrimitives.ReadUInt32LittleEndian(sector.Slice(508)) == 0xAA550000;

        public static void Write(Span<byte> sector, uint freeCount, uint nextFree)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(sector.Slice(488), freeCount);
            BinaryPrimitives.WriteUInt32LittleEndian(sector.Slice(492), nextFree);
        }
    }
}
