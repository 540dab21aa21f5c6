// A mounted FAT32 volume: paths resolved through directories, files opened, created, renamed and deleted,
// directories made and listed; every change goes through the sector cache and reaches the device at Flush.
using System;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    public sealed class FatFileSystem
    {
        private readonly IBlockDevice _device;
        private readonly Dictionary<long, FileNode> _open = new Dictionary<long, FileNode>();
        private readonly Dictionary<uint, FatDirectory> _directories = new Dictionary<uint, FatDirectory>();

        private FatFileSystem(IBlockDevice device, FatGeometry geometry, int cacheSectors)
        {
            _device = device;
            Geometry = geometry;
            Cache = new SectorCache(device, geometry.TotalSectors, cacheSectors);
            Fat = new FatTable(geometry, Cache);
        }

        /// <summary>Mounts the FAT32 volume on <paramref name="device"/>, with a cache of <paramref name="cacheSectors"/>
        /// sectors. Throws <see cref="FileSystemException"/> (Corrupt or Unsupported) for a volume it cannot use.</summary>
        public static FatFileSystem Mount(IBlockDevice device, int cacheSectors = 512)
        {
            if (device is null) throw new ArgumentNullException(nameof(device));
            var fs = new FatFileSystem(device, FatGeometry.Read(device), cacheSectors);
            fs.Directory(fs.Geometry.RootCluster); // the root's chain must be readable
            return fs;
        }

        public FatGeometry Geometry { get; }

        public SectorCache Cache { get; }

        internal FatTable Fat { get; }

        /// <summary>The time stamped on what is created or written, in DOS format (default 2025-01-01 00:00:00);
        /// the file system has no clock of its own.</summary>
        public ushort Date { get; set; } = (45 << 9) | (1 << 5) | 1;

        public ushort Time { get; set; }

        public long FreeBytes => Fat.FreeClusters * Geometry.BytesPerCluster;

        /// <summary>Sets <see cref="Date"/> and <see cref="Time"/> (years 1980..2107, seconds rounded down to even).</summary>
        public void SetClock(int year, int month, int day, int hour, int minute, int second)
        {
            if (year < 1980 || year > 2107 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59)
                throw new FileSystemException(FileSystemError.InvalidArgument, "the date is outside what FAT can store");
            Date = (ushort)((year - 1980) << 9 | month << 5 | day);
            Time = (ushort)(hour << 11 | minute << 5 | second / 2);
        }

        /// <summary>Writes every cached change (FAT, directories, file data, FSInfo) to the device and flushes it.</summary>
        public void Flush()
        {
            Fat.WriteInfo();
            Cache.Flush();
        }

        public FatEntryInfo Stat(string path)
        {
            Resolved r = Resolve(path);
            if (r.Entry is null) return new FatEntryInfo("/", "", FatAttributes.Directory, 0, Geometry.RootCluster, 0, 0);
            return r.Entry.Info();
        }

        public bool Exists(string path)
        {
            try
            {
                Resolve(path);
                return true;
            }
            catch (FileSystemException e) when (e.Error == FileSystemError.NotFound)
            {
                return false;
            }
        }

        /// <summary>The entries of the directory at <paramref name="path"/> (without "." and ".."), in directory order.</summary>
        public List<FatEntryInfo> List(string path)
        {
            FatDirectory directory = DirectoryAt(path);
            var list = new List<FatEntryInfo>();
            foreach (DirEntry entry in directory.Entries()) list.Add(entry.Info());
            return list;
        }

        /// <summary>Opens an existing file.</summary>
        public FatFile Open(string path)
        {
            Resolved r = Resolve(path);
            if (r.Entry is null || r.Entry.IsDirectory) throw new FileSystemException(FileSystemError.IsADirectory, "\"" + path + "\" is a directory");
            return new FatFile(this, Node(r.Parent, r.Entry));
        }

        /// <summary>Creates a file and opens it; an existing file is truncated when <paramref name="overwrite"/>, otherwise
        /// refused (<see cref="FileSystemError.AlreadyExists"/>).</summary>
        public FatFile Create(string path, bool overwrite = false)
        {
            Resolved r = ResolveParent(path, out string leaf);
            DirEntry existing = r.Parent.Find(leaf);
            if (existing != null)
            {
                if (existing.IsDirectory) throw new FileSystemException(FileSystemError.IsADirectory, "\"" + path + "\" is a directory");
                if (!overwrite) throw new FileSystemException(FileSystemError.AlreadyExists, "\"" + path + "\" exists");
                var file = new FatFile(this, Node(r.Parent, existing));
                file.SetLength(0);
                return file;
            }
            DirEntry entry = r.Parent.Add(leaf, FatAttributes.Archive, 0, 0, Date, Time);
            return new FatFile(this, Node(r.Parent, entry));
        }

        public void CreateDirectory(string path)
        {
            Resolved r = ResolveParent(path, out string leaf);
            if (r.Parent.Find(leaf) != null) throw new FileSystemException(FileSystemError.AlreadyExists, "\"" + path + "\" exists");
            FatNames.CheckLongName(leaf);
            uint cluster = Fat.Allocate(0);
            try
            {
                FatDirectory.ZeroCluster(Geometry, Cache, cluster);
                var self = new FatDirectory(Geometry, Cache, Fat, cluster, isRoot: false);
                WriteDot(self.WritableSlot(0), ".          ", cluster);
                WriteDot(self.WritableSlot(1), "..         ", r.Parent.IsRoot ? 0 : r.Parent.FirstCluster);
                r.Parent.Add(leaf, FatAttributes.Directory, cluster, 0, Date, Time);
            }
            catch (FileSystemException)
            {
                Fat.Free(new List<uint> { cluster }, 0);
                throw;
            }
        }

        /// <summary>Deletes a file, or an empty directory.</summary>
        public void Delete(string path)
        {
            Resolved r = Resolve(path);
            if (r.Entry is null) throw new FileSystemException(FileSystemError.InvalidArgument, "the root directory cannot be deleted");
            DirEntry entry = r.Entry;
            if (_open.ContainsKey(Key(r.Parent, entry.Index))) throw new FileSystemException(FileSystemError.Busy, "\"" + path + "\" is open");
            List<uint> chain = null;
            if (entry.IsDirectory)
            {
                FatDirectory directory = DirectoryOf(entry);
                if (directory.IsRoot) throw FileSystemException.Corrupt("directory \"" + path + "\" claims the root's clusters");
                if (directory.Entries().Count != 0) throw new FileSystemException(FileSystemError.DirectoryNotEmpty, "\"" + path + "\" is not empty");
                chain = directory.Clusters;
                _directories.Remove(entry.FirstCluster);
            }
            else if (entry.FirstCluster != 0)
            {
                chain = Fat.Chain(entry.FirstCluster, Geometry.ClusterCount);
            }
            r.Parent.Remove(entry);
            if (chain != null) Fat.Free(chain, 0);
        }

        /// <summary>Renames or moves a file or directory; the target must not exist (a change of case only is allowed).</summary>
        public void Rename(string from, string to)
        {
            Resolved source = Resolve(from);
            if (source.Entry is null) throw new FileSystemException(FileSystemError.InvalidArgument, "the root directory cannot be renamed");
            DirEntry entry = source.Entry;
            long oldKey = Key(source.Parent, entry.Index);
            FileNode node = _open.TryGetValue(oldKey, out FileNode n) ? n : null;
            Resolved target = ResolveParent(to, out string leaf);
            if (entry.IsDirectory)
            {
                foreach (uint cluster in target.Path)
                    if (cluster == entry.FirstCluster) throw new FileSystemException(FileSystemError.InvalidArgument, "\"" + from + "\" cannot move into itself");
            }
            DirEntry existing = target.Parent.Find(leaf);
            if (existing != null && !(target.Parent == source.Parent && existing.Index == entry.Index))
                throw new FileSystemException(FileSystemError.AlreadyExists, "\"" + to + "\" exists");
            DirEntry added = target.Parent.Add(leaf, entry.Attributes, entry.FirstCluster, entry.Size, entry.WriteDate, entry.WriteTime);
            source.Parent.Remove(entry);
            if (entry.IsDirectory && target.Parent != source.Parent)
            {
                FatDirectory moved = Directory(entry.FirstCluster);
                Span<byte> dotdot = moved.WritableSlot(1);
                if (dotdot[0] == (byte)'.' && dotdot[1] == (byte)'.') FatDirectory.WriteCluster(dotdot, target.Parent.IsRoot ? 0 : target.Parent.FirstCluster);
            }
            if (node != null)
            {
                _open.Remove(oldKey);
                node.Directory = target.Parent;
                node.Slot = added.Index;
                _open[Key(target.Parent, added.Index)] = node;
            }
        }

        internal void Closed(FileNode node)
        {
            if (--node.Opens == 0) _open.Remove(Key(node.Directory, node.Slot));
        }

        private static long Key(FatDirectory directory, int slot) => (long)directory.FirstCluster << 32 | (uint)slot;

        private FileNode Node(FatDirectory parent, DirEntry entry)
        {
            long key = Key(parent, entry.Index);
            if (!_open.TryGetValue(key, out FileNode node))
            {
                node = new FileNode(parent, entry.Index, entry.FirstCluster, entry.Size);
                _open[key] = node;
            }
            node.Opens++;
            return node;
        }

        private static void WriteDot(Span<byte> slot, string name, uint cluster)
        {
            slot.Clear();
            for (int i = 0; i < 11; i++) slot[i] = (byte)name[i];
            slot[11] = FatAttributes.Directory;
            FatDirectory.WriteCluster(slot, cluster);
        }

        internal FatDirectory Directory(uint firstCluster)
        {
            if (!_directories.TryGetValue(firstCluster, out FatDirectory directory))
            {
                directory = new FatDirectory(Geometry, Cache, Fat, firstCluster, firstCluster == Geometry.RootCluster);
                _directories[firstCluster] = directory;
            }
            return directory;
        }

        private FatDirectory DirectoryAt(string path)
        {
            Resolved r = Resolve(path);
            if (r.Entry is null) return Directory(Geometry.RootCluster);
            if (!r.Entry.IsDirectory) throw new FileSystemException(FileSystemError.NotADirectory, "\"" + path + "\" is not a directory");
            return DirectoryOf(r.Entry);
        }

        private FatDirectory DirectoryOf(DirEntry entry)
        {
            if (entry.FirstCluster == 0) return Directory(Geometry.RootCluster); // ".." of a child of the root
            if (entry.FirstCluster < 2 || entry.FirstCluster > Geometry.MaxCluster)
                throw FileSystemException.Corrupt("directory \"" + entry.Name + "\" starts at cluster " + entry.FirstCluster + ", outside 2.." + Geometry.MaxCluster);
            return Directory(entry.FirstCluster);
        }

        private sealed class Resolved
        {
            public FatDirectory Parent;   // null for the root
            public DirEntry Entry;        // null for the root
            public List<uint> Path;       // first clusters of the directories walked, root first
        }

        private static List<string> Split(string path)
        {
            if (path is null) throw new FileSystemException(FileSystemError.InvalidArgument, "no path");
            var parts = new List<string>();
            foreach (string part in path.Split('/'))
            {
                if (part.Length == 0 || part == ".") continue;
                if (part == "..")
                {
                    if (parts.Count > 0) parts.RemoveAt(parts.Count - 1);
                    continue;
                }
                parts.Add(part);
            }
            return parts;
        }

        private Resolved Resolve(string path) => Walk(Split(path), path);

        /// <summary>The directory that holds the last component of <paramref name="path"/>, which must not be the root.</summary>
        private Resolved ResolveParent(string path, out string leaf)
        {
            List<string> parts = Split(path);
            if (parts.Count == 0) throw new FileSystemException(FileSystemError.InvalidArgument, "\"" + path + "\" names the root directory");
            leaf = parts[parts.Count - 1];
            parts.RemoveAt(parts.Count - 1);
            Resolved parent = Walk(parts, path);
            FatDirectory directory;
            if (parent.Entry is null) directory = Directory(Geometry.RootCluster);
            else if (!parent.Entry.IsDirectory) throw new FileSystemException(FileSystemError.NotADirectory, "a component of \"" + path + "\" is not a directory");
            else directory = DirectoryOf(parent.Entry);
            parent.Path.Add(directory.FirstCluster);
            return new Resolved { Parent = directory, Path = parent.Path };
        }

        private Resolved Walk(List<string> parts, string path)
        {
            var walked = new List<uint> { Geometry.RootCluster };
            FatDirectory current = Directory(Geometry.RootCluster);
            FatDirectory parent = null;
            DirEntry entry = null;
            for (int i = 0; i < parts.Count; i++)
            {
                if (entry != null)
                {
                    if (!entry.IsDirectory) throw new FileSystemException(FileSystemError.NotADirectory, "a component of \"" + path + "\" is not a directory");
                    current = DirectoryOf(entry);
                    walked.Add(current.FirstCluster);
                }
                parent = current;
                entry = current.Find(parts[i]);
                if (entry is null) throw new FileSystemException(FileSystemError.NotFound, "\"" + path + "\" does not exist");
            }
            return new Resolved { Parent = parent, Entry = entry, Path = walked };
        }
    }

    /// <summary>An open file's state, shared by every handle on it.</summary>
    internal sealed class FileNode
    {
        public FileNode(FatDirectory directory, int slot, uint firstCluster, uint size)
        {
            Directory = directory;
            Slot = slot;
            FirstCluster = firstCluster;
            Size = size;
        }

        public FatDirectory Directory;
        public int Slot;
        public uint FirstCluster;
        public uint Size;
        public List<uint> Clusters;   // read at first use
        public long ReadEnd;          // where the last read ended: a read from there on is sequential, and reads ahead
        public int Opens;
    }
}
