// The file allocation table: cluster chains followed with every link checked, clusters allocated and freed in every
// FAT copy, and the FSInfo free-cluster hints kept true.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    internal sealed class FatTable
    {
        public const uint EndOfChain = 0x0FFFFFFF;
        private const uint Mask = 0x0FFFFFFF;

        private readonly FatGeometry _geometry;
        private readonly SectorCache _cache;
        private readonly int _entriesPerSector;
        private long _freeCount = -1; // unknown until the first allocation counts them
        private uint _nextFree = 2;
        private bool _infoDirty;

        public FatTable(FatGeometry geometry, SectorCache cache)
        {
            _geometry = geometry;
            _cache = cache;
            _entriesPerSector = geometry.BytesPerSector / 4;
        }

        public static bool IsEnd(uint value) => value >= 0x0FFFFFF8;

        /// <summary>The FAT entry of <paramref name="cluster"/> (low 28 bits).</summary>
        public uint Get(uint cluster)
        {
            CheckCluster(cluster);
            long sector = FatSector(ReadFat, cluster, out int offset);
            return BinaryPrimitives.ReadUInt32LittleEndian(_cache.Read(sector).Slice(offset, 4)) & Mask;
        }

        /// <summary>Sets the entry of <paramref name="cluster"/> in every FAT copy written, keeping the top 4 bits.</summary>
        public void Set(uint cluster, uint value)
        {
            CheckCluster(cluster);
            for (int fat = 0; fat < _geometry.FatCount; fat++)
            {
                if (_geometry.ActiveFat >= 0 && fat != _geometry.ActiveFat) continue;
                long sector = FatSector(fat, cluster, out int offset);
                Span<byte> span = _cache.Write(sector).Slice(offset, 4);
                uint old = BinaryPrimitives.ReadUInt32LittleEndian(span);
                BinaryPrimitives.WriteUInt32LittleEndian(span, (old & ~Mask) | (value & Mask));
            }
        }

        /// <summary>The next cluster after <paramref name="cluster"/> in its chain, or 0 at the chain's end; anything that
        /// is neither a data cluster nor an end marker is corruption.</summary>
        public uint Next(uint cluster)
        {
            uint value = Get(cluster);
            if (IsEnd(value)) return 0;
            if (value >= 2 && value <= _geometry.MaxCluster) return value;
            if (value == 0) throw FileSystemException.Corrupt("cluster " + cluster + " is in a chain but marked free");
            if (value == 0x0FFFFFF7) throw FileSystemException.Corrupt("cluster " + cluster + " links to a bad cluster");
            throw FileSystemException.Corrupt("cluster " + cluster + " links to " + value + ", outside 2.." + _geometry.MaxCluster);
        }

        /// <summary>Every cluster of the chain starting at <paramref name="first"/>, at most <paramref name="limit"/> of them
        /// (a longer chain is corruption: a loop, or a file larger than its size says).</summary>
        public List<uint> Chain(uint first, long limit)
        {
            CheckCluster(first);
            var chain = new List<uint>();
            long max = Math.Min(limit, _geometry.ClusterCount);
            for (uint cluster = first; cluster != 0; cluster = Next(cluster))
            {
                if (chain.Count >= max)
                    throw FileSystemException.Corrupt(Loops(chain, cluster)
                        ? "the chain from cluster " + first + " loops"
                        : "the chain from cluster " + first + " is longer than " + max + " clusters");
                chain.Add(cluster);
            }
            return chain;
        }

        private static bool Loops(List<uint> chain, uint next)
        {
            var seen = new HashSet<uint>();
            foreach (uint cluster in chain) seen.Add(cluster);
            return seen.Count < chain.Count || seen.Contains(next);
        }

        /// <summary>Allocates a cluster, marks it the end of a chain and links it after <paramref name="previous"/> (0: a new chain).</summary>
        public uint Allocate(uint previous)
        {
            CountFree();
            if (_freeCount == 0) throw new FileSystemException(FileSystemError.NoSpace, "no free cluster left");
            uint cluster = _nextFree < 2 || _nextFree > _geometry.MaxCluster ? 2 : _nextFree;
            for (uint scanned = 0; scanned < _geometry.ClusterCount; scanned++)
            {
                if (Get(cluster) == 0)
                {
                    Set(cluster, EndOfChain);
                    if (previous != 0) Set(previous, cluster);
                    _freeCount--;
                    _nextFree = cluster == _geometry.MaxCluster ? 2 : cluster + 1;
                    _infoDirty = true;
                    return cluster;
                }
                cluster = cluster == _geometry.MaxCluster ? 2 : cluster + 1;
            }
            // The count said there was room but no entry is free: the count was wrong; it is now known.
            _freeCount = 0;
            throw new FileSystemException(FileSystemError.NoSpace, "no free cluster left");
        }

        /// <summary>Frees <paramref name="chain"/> (read and checked by the caller) from its <paramref name="from"/>th cluster on.</summary>
        public void Free(List<uint> chain, int from)
        {
            CountFree();
            for (int i = from; i < chain.Count; i++)
            {
                Set(chain[i], 0);
                _freeCount++;
            }
            if (from < chain.Count && chain[from] < _nextFree) _nextFree = chain[from];
            _infoDirty = true;
        }

        /// <summary>Free clusters (counted by reading the whole FAT the first time).</summary>
        public long FreeClusters
        {
            get
            {
                CountFree();
                return _freeCount;
            }
        }

        /// <summary>Writes the free count and next-free hint into the FSInfo sector, if the volume has one and they changed.</summary>
        public void WriteInfo()
        {
            if (!_infoDirty || _geometry.FsInfoSector < 0) return;
            FsInfo.Write(_cache.Write(_geometry.FsInfoSector), (uint)_freeCount, _nextFree);
            _infoDirty = false;
        }

        private void CountFree()
        {
            if (_freeCount >= 0) return;
            long free = 0;
            uint firstFree = 0;
            var sector = new byte[_geometry.BytesPerSector];
            long loaded = -1;
            for (uint cluster = 2; cluster <= _geometry.MaxCluster; cluster++)
            {
                long at = FatSector(ReadFat, cluster, out int offset);
                if (at != loaded)
                {
                    _cache.ReadThrough(at, sector);
                    loaded = at;
                }
                if ((BinaryPrimitives.ReadUInt32LittleEndian(new ReadOnlySpan<byte>(sector, offset, 4)) & Mask) == 0)
                {
                    free++;
                    if (firstFree == 0) firstFree = cluster;
                }
            }
            _freeCount = free;
            _nextFree = firstFree == 0 ? 2 : firstFree;
        }

        private int ReadFat => _geometry.ActiveFat >= 0 ? _geometry.ActiveFat : 0;

        private long FatSector(int fat, uint cluster, out int offset)
        {
            offset = (int)(cluster % (uint)_entriesPerSector) * 4;
            return _geometry.ReservedSectors + fat * _geometry.SectorsPerFat + cluster / (uint)_entriesPerSector;
        }

        private void CheckCluster(uint cluster)
        {
            if (cluster < 2 || cluster > _geometry.MaxCluster)
                throw FileSystemException.Corrupt("cluster " + cluster + " is outside 2.." + _geometry.MaxCluster);
        }
    }
}
