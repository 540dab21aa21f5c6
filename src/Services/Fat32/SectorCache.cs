// A write-back cache of sectors: reads fill it, writes only mark a sector dirty; a dirty sector reaches the device
// when it is evicted (clock replacement) or at Flush, in ascending sector order, with the dirty sectors contiguous
// with it in one request.
using System;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    public sealed class SectorCache
    {
        private readonly IBlockDevice _device;
        private readonly long _limit;
        private readonly int _sectorSize;
        private readonly byte[][] _data;
        private readonly long[] _sector;
        private readonly bool[] _dirty;
        private readonly bool[] _referenced;
        private readonly Dictionary<long, int> _slots = new Dictionary<long, int>();
        private int _used;
        private byte[] _run;                            // WriteBack's staging for a run of sectors (one request)
        private const int MaxRun = 128;                 // 64 KiB of 512-byte sectors: BlockDeviceClient's largest request
        private int _hand;

        /// <summary>A cache of <paramref name="capacity"/> sectors of <paramref name="device"/>; sectors at or past
        /// <paramref name="limit"/> (the volume's end) are refused.</summary>
        public SectorCache(IBlockDevice device, long limit, int capacity)
        {
            if (capacity < 4) throw new ArgumentOutOfRangeException(nameof(capacity));
            _device = device;
            _limit = limit;
            _sectorSize = device.SectorSize;
            _data = new byte[capacity][];
            _sector = new long[capacity];
            _dirty = new bool[capacity];
            _referenced = new bool[capacity];
        }

        public int SectorSize => _sectorSize;

        public long Hits { get; private set; }

        public long Misses { get; private set; }

        public int DirtyCount
        {
            get
            {
                int n = 0;
                for (int i = 0; i < _used; i++) if (_dirty[i]) n++;
                return n;
            }
        }

        /// <summary>The sector's bytes, to read only.</summary>
        public byte[] Read(long sector) => _data[Slot(sector, load: true)];

        /// <summary>The sector's bytes, to change: the sector is written back later.</summary>
        public byte[] Write(long sector)
        {
            int slot = Slot(sector, load: true);
            _dirty[slot] = true;
            return _data[slot];
        }

        /// <summary>The sector's bytes, all of which the caller is about to replace: not read from the device.</summary>
        public byte[] Overwrite(long sector)
        {
            int slot = Slot(sector, load: false);
            _dirty[slot] = true;
            return _data[slot];
        }

        /// <summary>Copies the sector into <paramref name="into"/> without caching it (a scan that would otherwise evict
        /// everything): the cached copy when there is one, else the device's.</summary>
        public void ReadThrough(long sector, byte[] into)
        {
            if (sector < 0 || sector >= _limit)
                throw FileSystemException.Corrupt("sector " + sector + " is outside the volume's " + _limit);
            if (_slots.TryGetValue(sector, out int slot)) _data[slot].AsSpan().CopyTo(into);
            else _device.Read(sector, into);
        }

        /// <summary>Reads <paramref name="count"/> whole sectors from <paramref name="sector"/> into <paramref name="into"/>:
        /// the cached ones from the cache (they may be newer than the device), each run of the others from the device
        /// in one request, without caching them: file data read once would otherwise evict the FAT and directories,
        /// and a request per sector costs a round trip to the driver each.</summary>
        public void ReadSectors(long sector, int count, Span<byte> into)
        {
            if (sector < 0 || count < 0 || sector > _limit - count)
                throw FileSystemException.Corrupt("sectors " + sector + "+" + count + " are outside the volume's " + _limit);
            int i = 0;
            while (i < count)
            {
                if (_slots.TryGetValue(sector + i, out int slot))
                {
                    Hits++;
                    _data[slot].AsSpan().CopyTo(into.Slice(i * _sectorSize, _sectorSize));
                    i++;
                    continue;
                }
                int end = i + 1;
                while (end < count && !_slots.ContainsKey(sector + end)) end++;
                Misses += end - i;
                _device.Read(sector + i, into.Slice(i * _sectorSize, (end - i) * _sectorSize));
                i = end;
            }
        }

        /// <summary>Writes every dirty sector back, lowest first, then flushes the device.</summary>
        public void Flush()
        {
            var dirty = new List<long>();
            for (int i = 0; i < _used; i++) if (_dirty[i]) dirty.Add(_sector[i]);
            dirty.Sort();
            foreach (long sector in dirty)
                if (_dirty[_slots[sector]]) WriteBack(sector);
            _device.Flush();
        }

        private int Slot(long sector, bool load)
        {
            if (sector < 0 || sector >= _limit)
                throw FileSystemException.Corrupt("sector " + sector + " is outside the volume's " + _limit);
            if (_slots.TryGetValue(sector, out int slot))
            {
                Hits++;
                _referenced[slot] = true;
                return slot;
            }
            Misses++;
            if (_used < _data.Length)
            {
                slot = _used++;
                _data[slot] = new byte[_sectorSize];
            }
            else
            {
                slot = Victim();
                if (_dirty[slot]) WriteBack(_sector[slot]);
                _slots.Remove(_sector[slot]);
            }
            if (load)
            {
                try
                {
                    _device.Read(sector, _data[slot]);
                }
                catch
                {
                    // The slot is free again: its old sector was written back and unmapped.
                    ReleaseEmpty(slot);
                    throw;
                }
            }
            else
            {
                Array.Clear(_data[slot], 0, _sectorSize);
            }
            _sector[slot] = sector;
            _referenced[slot] = true;
            _slots[sector] = slot;
            return slot;
        }

        // Writes the dirty sector back together with the dirty cached sectors next to it on either side, up to
        // MaxRun in all, in one request (a file written in whole clusters then goes to the device in runs, not a
        // request per sector), and marks them clean.
        private void WriteBack(long sector)
        {
            long first = sector;
            while (sector - first + 1 < MaxRun && IsDirty(first - 1)) first--;
            long end = sector + 1;
            while (end - first < MaxRun && IsDirty(end)) end++;
            int count = (int)(end - first);
            if (count == 1)
            {
                int only = _slots[sector];
                _device.Write(sector, _data[only]);
                _dirty[only] = false;
                return;
            }
            if (_run is null) _run = new byte[MaxRun * _sectorSize];
            for (int i = 0; i < count; i++) _data[_slots[first + i]].AsSpan().CopyTo(_run.AsSpan(i * _sectorSize, _sectorSize));
            _device.Write(first, new ReadOnlySpan<byte>(_run, 0, count * _sectorSize));
            for (int i = 0; i < count; i++) _dirty[_slots[first + i]] = false;
        }

        private bool IsDirty(long sector) => sector >= 0 && _slots.TryGetValue(sector, out int slot) && _dirty[slot];

        private void ReleaseEmpty(int slot)
        {
            // Park the slot on an impossible sector number so it is chosen again first.
            _sector[slot] = -1 - slot;
            _slots[_sector[slot]] = slot;
            _referenced[slot] = false;
            _dirty[slot] = false;
        }

        private int Victim()
        {
            // Clock: a referenced sector gets a second chance; at most two sweeps find one.
            while (true)
            {
                int slot = _hand;
                _hand = (_hand + 1) % _data.Length;
                if (!_referenced[slot]) return slot;
                _referenced[slot] = false;
            }
        }
    }
}
