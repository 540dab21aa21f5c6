// One directory: its cluster chain read as 32-byte entries, long names joined to their short entry (checksums
// checked), free runs found or the directory grown, entries added and marked deleted.
using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    /// <summary>A directory entry as read: its long name joined, where its slots are.</summary>
    internal sealed class DirEntry
    {
        public string Name;
        public string ShortName;
        public byte[] Raw;          // the 11-byte short name
        public byte Attributes;
        public uint FirstCluster;
        public uint Size;
        public int Index;           // the short entry's slot
        public int FirstSlot;       // its first long-name slot (Index when it has none)
        public ushort WriteDate, WriteTime;

        public bool IsDirectory => (Attributes & FatAttributes.Directory) != 0;

        public FatEntryInfo Info() => new FatEntryInfo(Name, ShortName, Attributes, IsDirectory ? 0 : Size, FirstCluster, WriteDate, WriteTime);
    }

    internal sealed class FatDirectory
    {
        /// <summary>FAT's limit: 65,536 entries (2 MiB) a directory.</summary>
        public const int MaxEntries = 65536;
        private const int EntrySize = 32;

        private readonly FatGeometry _geometry;
        private readonly SectorCache _cache;
        private readonly FatTable _fat;

        // Parsed at the first lookup and then kept in step by Add, Remove and Update, which change slots only through
        // Writable: a file's every write updates its entry's size, and parsing the directory again after each would
        // cost more than the write. Only WritableSlot, whose caller may write anything, drops it.
        private List<DirEntry> _entries;

        // Every slot before this one is in use (FreeRun scans from here): a create in a directory of many entries
        // would otherwise read them all to find the free ones at its end.
        private int _scanFrom;

        public FatDirectory(FatGeometry geometry, SectorCache cache, FatTable fat, uint firstCluster, bool isRoot)
        {
            _geometry = geometry;
            _cache = cache;
            _fat = fat;
            FirstCluster = firstCluster;
            IsRoot = isRoot;
            long maxClusters = ((long)MaxEntries * EntrySize + geometry.BytesPerCluster - 1) / geometry.BytesPerCluster;
            Clusters = fat.Chain(firstCluster, maxClusters);
        }

        public uint FirstCluster { get; }

        public bool IsRoot { get; }

        /// <summary>The directory's clusters; grows when entries are added past its end.</summary>
        public List<uint> Clusters { get; }

        private int EntriesPerCluster => _geometry.BytesPerCluster / EntrySize;

        private int Capacity => Clusters.Count * EntriesPerCluster;

        /// <summary>The entry at <paramref name="slot"/>, to read.</summary>
        public ReadOnlySpan<byte> Slot(int slot)
        {
            long sector = SlotSector(slot, out int offset);
            return _cache.Read(sector).Slice(offset, EntrySize);
        }

        /// <summary>The entry at <paramref name="slot"/>, to change in any way.</summary>
        public Span<byte> WritableSlot(int slot)
        {
            _entries = null;
            _scanFrom = 0;
            return Writable(slot);
        }

        // The slot to change by a caller that keeps _entries in step itself.
        private Span<byte> Writable(int slot)
        {
            long sector = SlotSector(slot, out int offset);
            return _cache.Write(sector).Slice(offset, EntrySize);
        }

        private long SlotSector(int slot, out int offset)
        {
            int perCluster = EntriesPerCluster;
            int byteInCluster = (slot % perCluster) * EntrySize;
            offset = byteInCluster % _geometry.BytesPerSector;
            return _geometry.ClusterToSector(Clusters[slot / perCluster]) + byteInCluster / _geometry.BytesPerSector;
        }

        /// <summary>Every entry but volume labels and the dot entries, in slot order (not to be changed).</summary>
        public List<DirEntry> Entries() => _entries ??= Parse();

        private List<DirEntry> Parse()
        {
            var entries = new List<DirEntry>();
            char[] longName = null;
            int expected = 0, longStart = -1;
            byte checksum = 0;
            int capacity = Capacity;
            for (int slot = 0; slot < capacity; slot++)
            {
                ReadOnlySpan<byte> e = Slot(slot);
                byte first = e[0];
                if (first == 0x00) break;
                if (first == 0xE5)
                {
                    longName = null;
                    continue;
                }
                byte attributes = e[11];
                if ((attributes & 0x3F) == FatAttributes.LongName)
                {
                    int order = first & 0x1F;
                    if ((first & 0x40) != 0)
                    {
                        if (order < 1 || order > 20) { longName = null; continue; }
                        longName = new char[order * 13];
                        expected = order;
                        checksum = e[13];
                        longStart = slot;
                    }
                    else if (longName is null || order != expected || e[13] != checksum)
                    {
                        longName = null;
                        continue;
                    }
                    int at = (order - 1) * 13;
                    for (int i = 0; i < 5; i++) longName[at + i] = (char)BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(1 + 2 * i));
                    for (int i = 0; i < 6; i++) longName[at + 5 + i] = (char)BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(14 + 2 * i));
                    for (int i = 0; i < 2; i++) longName[at + 11 + i] = (char)BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(28 + 2 * i));
                    expected--;
                    continue;
                }
                string joined = null;
                int firstSlot = slot;
                if (longName != null && expected == 0 && checksum == FatNames.Checksum(e))
                {
                    int length = 0;
                    while (length < longName.Length && longName[length] != '\0') length++;
                    if (length > 0)
                    {
                        joined = new string(longName, 0, length);
                        firstSlot = longStart;
                    }
                }
                longName = null;
                if ((attributes & FatAttributes.VolumeLabel) != 0 && (attributes & FatAttributes.Directory) == 0) continue;
                if (first == (byte)'.') continue; // "." and "..": no other name starts with a dot in a short entry
                var raw = e.Slice(0, 11).ToArray();
                string shortName = FatNames.Display(e);
                entries.Add(new DirEntry
                {
                    Name = joined ?? shortName,
                    ShortName = shortName,
                    Raw = raw,
                    Attributes = attributes,
                    FirstCluster = (uint)BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(20)) << 16 | BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(26)),
                    Size = BinaryPrimitives.ReadUInt32LittleEndian(e.Slice(28)),
                    Index = slot,
                    FirstSlot = firstSlot,
                    WriteDate = BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(24)),
                    WriteTime = BinaryPrimitives.ReadUInt16LittleEndian(e.Slice(22)),
                });
            }
            return entries;
        }

        /// <summary>The entry named <paramref name="name"/> (long or short name, ignoring ASCII case), or null.</summary>
        public DirEntry Find(string name)
        {
            foreach (DirEntry entry in Entries())
                if (FatNames.EqualsIgnoreCase(entry.Name, name) || FatNames.EqualsIgnoreCase(entry.ShortName, name)) return entry;
            return null;
        }

        /// <summary>Adds an entry named <paramref name="name"/> (checked, and not yet in the directory), with long-name
        /// entries when it is not an upper-case 8.3 name; grows the directory if no run of free slots is long enough.</summary>
        public DirEntry Add(string name, byte attributes, uint firstCluster, uint size, ushort date, ushort time)
        {
            FatNames.CheckLongName(name);
            byte[] raw = FatNames.ExactShortName(name);
            int longSlots = 0;
            if (raw is null)
            {
                var taken = new HashSet<string>();
                foreach (DirEntry entry in Entries()) taken.Add(FatNames.Key(entry.Raw));
                raw = FatNames.GenerateShortName(name, taken);
                longSlots = (name.Length + 12) / 13;
            }
            int start = FreeRun(longSlots + 1);
            byte checksum = FatNames.Checksum(raw);
            for (int i = 0; i < longSlots; i++)
            {
                int order = longSlots - i;
                Span<byte> e = Writable(start + i);
                e.Clear();
                e[0] = (byte)(order | (i == 0 ? 0x40 : 0));
                e[11] = FatAttributes.LongName;
                e[13] = checksum;
                int at = (order - 1) * 13;
                for (int k = 0; k < 13; k++)
                {
                    int offset = k < 5 ? 1 + 2 * k : k < 11 ? 14 + 2 * (k - 5) : 28 + 2 * (k - 11);
                    int index = at + k;
                    ushort c = index < name.Length ? name[index] : index == name.Length ? (ushort)0 : (ushort)0xFFFF;
                    BinaryPrimitives.WriteUInt16LittleEndian(e.Slice(offset), c);
                }
            }
            int shortSlot = start + longSlots;
            Span<byte> s = Writable(shortSlot);
            s.Clear();
            raw.AsSpan().CopyTo(s);
            s[11] = attributes;
            WriteCluster(s, firstCluster);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(14), time);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(16), date);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(18), date);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(22), time);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(24), date);
            BinaryPrimitives.WriteUInt32LittleEndian(s.Slice(28), size);
            string shortName = FatNames.Display(s);
            var added = new DirEntry
            {
                Name = longSlots == 0 ? shortName : name,     // as Parse will read it back
                ShortName = shortName,
                Raw = raw,
                Attributes = attributes,
                FirstCluster = firstCluster,
                Size = size,
                Index = shortSlot,
                FirstSlot = start,
                WriteDate = date,
                WriteTime = time,
            };
            if (_entries != null) _entries.Insert(~Position(shortSlot), added);
            return added;
        }

        /// <summary>Marks the entry's slots (long-name ones too) deleted.</summary>
        public void Remove(DirEntry entry)
        {
            for (int slot = entry.FirstSlot; slot <= entry.Index; slot++) Writable(slot)[0] = 0xE5;
            if (entry.FirstSlot < _scanFrom) _scanFrom = entry.FirstSlot;
            if (_entries != null)
            {
                int at = Position(entry.Index);
                if (at >= 0) _entries.RemoveAt(at);
            }
        }

        /// <summary>Rewrites the short entry at <paramref name="slot"/>'s cluster, size and write time.</summary>
        public void Update(int slot, uint firstCluster, uint size, ushort date, ushort time)
        {
            Span<byte> s = Writable(slot);
            WriteCluster(s, firstCluster);
            BinaryPrimitives.WriteUInt32LittleEndian(s.Slice(28), size);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(18), date);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(22), time);
            BinaryPrimitives.WriteUInt16LittleEndian(s.Slice(24), date);
            if (_entries != null && Position(slot) is int at && at >= 0)
            {
                DirEntry entry = _entries[at];
                entry.FirstCluster = firstCluster;
                entry.Size = size;
                entry.WriteDate = date;
                entry.WriteTime = time;
            }
        }

        // Where the entry whose short entry is at slot is in _entries (in slot order), or the complement of where it
        // would go.
        private int Position(int slot)
        {
            int low = 0, high = _entries.Count - 1;
            while (low <= high)
            {
                int middle = (low + high) >> 1;
                int index = _entries[middle].Index;
                if (index == slot) return middle;
                if (index < slot) low = middle + 1;
                else high = middle - 1;
            }
            return ~low;
        }

        public static void WriteCluster(Span<byte> entry, uint cluster)
        {
            BinaryPrimitives.WriteUInt16LittleEndian(entry.Slice(20), (ushort)(cluster >> 16));
            BinaryPrimitives.WriteUInt16LittleEndian(entry.Slice(26), (ushort)cluster);
        }

        /// <summary>Zeroes <paramref name="cluster"/> through the cache (a new directory cluster reads as "no entries").</summary>
        public static void ZeroCluster(FatGeometry geometry, SectorCache cache, uint cluster)
        {
            long first = geometry.ClusterToSector(cluster);
            // Overwrite zeroes only a sector it did not hold: a cached one (the data of a file deleted a moment ago)
            // comes back as it was, and would read as entries.
            for (int i = 0; i < geometry.SectorsPerCluster; i++) cache.Overwrite(first + i).Clear();
        }

        private int FreeRun(int needed)
        {
            int capacity = Capacity;
            int run = 0, start = 0;
            bool used = true;       // every slot so far is in use
            for (int slot = Math.Min(_scanFrom, capacity); slot < capacity; slot++)
            {
                byte first = Slot(slot)[0];
                if (used && (first == 0x00 || first == 0xE5))
                {
                    used = false;
                    _scanFrom = slot;
                }
                if (first == 0x00)
                {
                    // Everything from here on is free: the run continues to the end of the directory.
                    if (run == 0) start = slot;
                    run += capacity - slot;
                    break;
                }
                if (first == 0xE5)
                {
                    if (run == 0) start = slot;
                    if (++run == needed) return start;
                }
                else
                {
                    run = 0;
                }
            }
            if (used) _scanFrom = capacity;
            if (run >= needed)
            {
                EndAfter(start + needed);
                return start;
            }
            if (run == 0) start = capacity;
            int missing = needed - run;
            int clusters = (missing + EntriesPerCluster - 1) / EntriesPerCluster;
            if ((long)(Clusters.Count + clusters) * EntriesPerCluster > MaxEntries)
                throw new FileSystemException(FileSystemError.NoSpace, "the directory is full (" + MaxEntries + " entries)");
            for (int i = 0; i < clusters; i++)
            {
                uint cluster = _fat.Allocate(Clusters[Clusters.Count - 1]);
                ZeroCluster(_geometry, _cache, cluster);
                Clusters.Add(cluster);
            }
            return start;
        }

        /// <summary>Keeps the end-of-directory mark right after slots taken from the free tail (whose bytes past the
        /// old mark need not be zero).</summary>
        private void EndAfter(int slot)
        {
            if (slot < Capacity && Slot(slot)[0] != 0xE5) Writable(slot)[0] = 0x00;
        }
    }
}
