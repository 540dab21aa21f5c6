// A write-back cache of sectors: reads fill it, writes only mark a sector dirty; a dirty sector reaches the device
// when it is evicted (clock replacement) or at Flush, in ascending sector order.
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

        /// <summary>Writes every dirty sector back, lowest first, then flushes the device.</summary>
        public void Flush()
        {
            var dirty = new List<long>();
            for (int i = 0; i < _used; i++) if (_dirty[i]) dirty.Add(_sector[i]);
            dirty.Sort();
            foreach (long sector in dirty)
            {
                int slot = _slots[sector];
                _device.Write(sector, _data[slot]);
                _dirty[slot] = false;
            }
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
                if (_dirty[slot])
                {
                    _device.Write(_sector[slot], _data[slot]);
                    _dirty[slot] = false;
                }
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
