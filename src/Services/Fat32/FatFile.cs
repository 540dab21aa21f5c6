// An open file: reads and writes at any offset, growth by whole clusters, truncation that frees what is past the end;
// the directory entry's size and first cluster follow every change.
using System;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    public sealed class FatFile : IDisposable
    {
        /// <summary>FAT stores sizes in 32 bits.</summary>
        public const long MaxLength = 0xFFFFFFFFL;

        private readonly FatFileSystem _fs;
        private FileNode _node;

        internal FatFile(FatFileSystem fs, FileNode node)
        {
            _fs = fs;
            _node = node;
        }

        public long Length => Node.Size;

        /// <summary>Reads up to <c>buffer.Length</c> bytes at <paramref name="offset"/>; returns how many (0 at the end).</summary>
        public int Read(long offset, Span<byte> buffer)
        {
            FileNode node = Node;
            if (offset < 0) throw new FileSystemException(FileSystemError.InvalidArgument, "negative offset");
            if (offset >= node.Size || buffer.Length == 0) return 0;
            int count = (int)Math.Min(buffer.Length, node.Size - offset);
            List<uint> clusters = Clusters(node);
            bool sequential = offset == node.ReadEnd;
            Transfer(clusters, offset, buffer.Slice(0, count), default, write: false, readAhead: sequential);
            node.ReadEnd = offset + count;
            return count;
        }

        /// <summary>Writes <paramref name="data"/> at <paramref name="offset"/>, growing the file (a gap reads as zeros).</summary>
        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            FileNode node = Node;
            if (offset < 0) throw new FileSystemException(FileSystemError.InvalidArgument, "negative offset");
            long end = offset + data.Length;
            if (end > MaxLength) throw new FileSystemException(FileSystemError.FileTooLarge, "a FAT file ends at " + MaxLength + " bytes");
            if (offset > node.Size) SetLength(offset);
            if (data.Length == 0) return;
            List<uint> clusters = GrowOrUndo(node, end);
            Transfer(clusters, offset, default, data, write: true, readAhead: false);
            if (end > node.Size) node.Size = (uint)end;
            UpdateEntry(node);
        }

        /// <summary>Appends <paramref name="data"/> at the end.</summary>
        public void Append(ReadOnlySpan<byte> data) => Write(Length, data);

        /// <summary>Truncates (freeing the clusters past the new end) or extends with zeros.</summary>
        public void SetLength(long length)
        {
            FileNode node = Node;
            if (length < 0 || length > MaxLength) throw new FileSystemException(FileSystemError.InvalidArgument, "length " + length + " is outside 0.." + MaxLength);
            if (length > node.Size)
            {
                var zeros = new byte[Math.Min(length - node.Size, 65536)];
                while (node.Size < length)
                {
                    long start = node.Size;
                    int n = (int)Math.Min(zeros.Length, length - start);
                    List<uint> grown = GrowOrUndo(node, start + n);
                    Transfer(grown, start, default, new ReadOnlySpan<byte>(zeros, 0, n), write: true, readAhead: false);
                    node.Size = (uint)(start + n);
                }
                UpdateEntry(node);
                return;
            }
            FreePast(node, length);
            node.Size = (uint)length;
            UpdateEntry(node);
        }

        /// <summary>Takes the file's data out of the sector cache (dirty sectors written back first): the next read of
        /// it comes from the device. The FAT and the directories stay cached.</summary>
        public void DropCache()
        {
            FatGeometry g = _fs.Geometry;
            foreach (uint cluster in Clusters(Node)) _fs.Cache.Forget(g.ClusterToSector(cluster), g.SectorsPerCluster);
        }

        public void Dispose()
        {
            if (_node is null) return;
            _fs.Closed(_node);
            _node = null;
        }

        private FileNode Node => _node ?? throw new FileSystemException(FileSystemError.Closed, "the file is closed");

        private List<uint> Clusters(FileNode node)
        {
            if (node.Clusters != null) return node.Clusters;
            var clusters = node.FirstCluster == 0 ? new List<uint>() : _fs.Fat.Chain(node.FirstCluster, _fs.Geometry.ClusterCount);
            long capacity = (long)clusters.Count * _fs.Geometry.BytesPerCluster;
            if (capacity < node.Size)
                throw FileSystemException.Corrupt("a file of " + node.Size + " bytes has " + clusters.Count + " clusters (" + capacity + " bytes)");
            node.Clusters = clusters;
            return clusters;
        }

        /// <summary><see cref="Grow"/>, giving back what it allocated when it fails (no space): the chain stays as long
        /// as the size needs.</summary>
        private List<uint> GrowOrUndo(FileNode node, long end)
        {
            try
            {
                return Grow(node, end);
            }
            catch (FileSystemException e) when (e.Error == FileSystemError.NoSpace)
            {
                FreePast(node, node.Size);
                UpdateEntry(node);
                throw;
            }
        }

        /// <summary>Frees the clusters a file of <paramref name="length"/> bytes does not need.</summary>
        private void FreePast(FileNode node, long length)
        {
            List<uint> clusters = Clusters(node);
            int keep = (int)((length + _fs.Geometry.BytesPerCluster - 1) / _fs.Geometry.BytesPerCluster);
            if (keep >= clusters.Count) return;
            if (keep == 0) node.FirstCluster = 0;
            else _fs.Fat.Set(clusters[keep - 1], FatTable.EndOfChain);
            _fs.Fat.Free(clusters, keep);
            while (clusters.Count > keep) clusters.RemoveAt(clusters.Count - 1);
        }

        private List<uint> Grow(FileNode node, long end)
        {
            List<uint> clusters = Clusters(node);
            long needed = (end + _fs.Geometry.BytesPerCluster - 1) / _fs.Geometry.BytesPerCluster;
            while (clusters.Count < needed)
            {
                uint cluster = _fs.Fat.Allocate(clusters.Count == 0 ? 0 : clusters[clusters.Count - 1]);
                clusters.Add(cluster);
                if (clusters.Count == 1)
                {
                    node.FirstCluster = cluster;
                    UpdateEntry(node); // the chain is reachable from its entry at once
                }
            }
            return clusters;
        }

        // readAhead (a sequential read): the file's sectors contiguous with a whole-sector read, up to
        // SectorCache.ReadAheadSectors past it, are read ahead (SectorCache.ReadSectors). A write sees the file's size before it (the caller updates it after): a sector that
        // starts at or past it holds nothing of the file, so a partial write of it need not read it from the device
        // first (what it held past the end is never read).
        private void Transfer(List<uint> clusters, long offset, Span<byte> into, ReadOnlySpan<byte> from, bool write, bool readAhead)
        {
            long size = Node.Size;
            FatGeometry g = _fs.Geometry;
            int sectorSize = g.BytesPerSector;
            int length = write ? from.Length : into.Length;
            int done = 0;
            while (done < length)
            {
                long position = offset + done;
                int clusterIndex = (int)(position / g.BytesPerCluster);
                int inCluster = (int)(position % g.BytesPerCluster);
                long sector = g.ClusterToSector(clusters[clusterIndex]) + inCluster / sectorSize;
                int inSector = inCluster % sectorSize;
                int n = Math.Min(sectorSize - inSector, length - done);
                if (!write && inSector == 0 && n == sectorSize)
                {
                    // Whole sectors to read: as many as are contiguous on the disk, in one go (SectorCache.ReadSectors).
                    int wanted = (length - done) / sectorSize;
                    int sectors = ContiguousSectors(clusters, clusterIndex, inCluster / sectorSize, wanted);
                    int ahead = 0;
                    if (sectors == wanted && readAhead)
                    {
                        long left = (size - position + sectorSize - 1) / sectorSize;     // sectors of the file from here
                        int most = (int)Math.Min(left, sectors + SectorCache.ReadAheadSectors);
                        if (most > sectors) ahead = ContiguousSectors(clusters, clusterIndex, inCluster / sectorSize, most) - sectors;
                    }
                    _fs.Cache.ReadSectors(sector, sectors, into.Slice(done, sectors * sectorSize), ahead);
                    done += sectors * sectorSize;
                    continue;
                }
                if (write)
                {
                    bool whole = n == sectorSize || position - inSector >= size;
                    Span<byte> buffer = whole ? _fs.Cache.Overwrite(sector) : _fs.Cache.Write(sector);
                    from.Slice(done, n).CopyTo(buffer.Slice(inSector, n));
                }
                else
                {
                    _fs.Cache.Read(sector).Slice(inSector, n).CopyTo(into.Slice(done, n));
                }
                done += n;
            }
        }

        // How many sectors, up to most, follow one another on the disk from sector index inCluster of the cluster at
        // clusterIndex: the rest of that cluster, and each next cluster of the chain that is the next on the disk too.
        private int ContiguousSectors(List<uint> clusters, int clusterIndex, int inCluster, int most)
        {
            int perCluster = _fs.Geometry.SectorsPerCluster;
            int sectors = perCluster - inCluster;
            while (sectors < most && clusterIndex + 1 < clusters.Count && clusters[clusterIndex + 1] == clusters[clusterIndex] + 1)
            {
                clusterIndex++;
                sectors += perCluster;
            }
            return Math.Min(sectors, most);
        }

        private void UpdateEntry(FileNode node) => node.Directory.Update(node.Slot, node.FirstCluster, node.Size, _fs.Date, _fs.Time);
    }
}
