// Which cache slot holds which sector: an open-addressing table of sector numbers (linear probing, deletion by
// shifting back, no tombstones), sized for the cache's slots. The cache asks it once per sector it touches, hundreds
// of times per file system request; a Dictionary<long, int> costs two interface calls and a division each in a
// process, which made these lookups most of fatfs's time.
using System;

namespace Helios.Services.Fat32
{
    internal sealed class SectorIndex
    {
        private const long Empty = long.MinValue;   // no sector number or parked slot (SectorCache.ReleaseEmpty) is this
        private readonly long[] _keys;
        private readonly int[] _values;
        private readonly int _mask;
        private readonly int _shift;
        private int _count;

        /// <summary>An index for at most <paramref name="most"/> keys at once (the cache's slots: each holds one).</summary>
        public SectorIndex(int most)
        {
            int size = 16;
            while (size < most * 2) size <<= 1;     // at most half full: probes stay short
            _keys = new long[size];
            _values = new int[size];
            _mask = size - 1;
            int bits = 0;
            while ((1 << bits) < size) bits++;
            _shift = 64 - bits;
            Array.Fill(_keys, Empty);
        }

        public int Count => _count;

        public bool TryGetValue(long key, out int value)
        {
            for (int i = Home(key); ; i = (i + 1) & _mask)
            {
                long k = _keys[i];
                if (k == key)
                {
                    value = _values[i];
                    return true;
                }
                if (k == Empty)
                {
                    value = -1;
                    return false;
                }
            }
        }

        public bool ContainsKey(long key) => TryGetValue(key, out _);

        public int this[long key]
        {
            get => TryGetValue(key, out int value) ? value : throw new InvalidOperationException("sector " + key + " is not in the cache");
            set => Set(key, value);
        }

        /// <summary>Maps <paramref name="key"/> to <paramref name="value"/>, replacing what it mapped to.</summary>
        public void Set(long key, int value)
        {
            if (key == Empty) throw new ArgumentOutOfRangeException(nameof(key));
            int i = Home(key);
            while (_keys[i] != Empty && _keys[i] != key) i = (i + 1) & _mask;
            if (_keys[i] == Empty)
            {
                if (_count + 1 >= _keys.Length) throw new InvalidOperationException("the sector index is full");   // one empty ends every probe
                _keys[i] = key;
                _count++;
            }
            _values[i] = value;
        }

        public bool Remove(long key)
        {
            int i = Home(key);
            while (_keys[i] != key)
            {
                if (_keys[i] == Empty) return false;
                i = (i + 1) & _mask;
            }
            // Shift back every later key of the run whose home does not lie between the hole and it, so that every
            // key stays reachable from its home without tombstones.
            int hole = i;
            for (int j = (i + 1) & _mask; _keys[j] != Empty; j = (j + 1) & _mask)
            {
                int home = Home(_keys[j]);
                bool stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
                if (stays) continue;
                _keys[hole] = _keys[j];
                _values[hole] = _values[j];
                hole = j;
            }
            _keys[hole] = Empty;
            _count--;
            return true;
        }

        // Fibonacci hashing: consecutive sectors (a file's run) spread over the table.
        private int Home(long key) => (int)((ulong)key * 0x9E3779B97F4A7C15UL >> _shift) & _mask;
    }
}
