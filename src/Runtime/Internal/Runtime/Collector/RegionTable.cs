// The heap's regions, sorted by address so that a candidate pointer finds its region by binary search (after a check
// against the lowest and highest address, which rejects most stack words at once). Fixed size: the heap cannot
// allocate its own bookkeeping.
namespace Internal.Runtime.Collector
{
    internal unsafe struct RegionTable
    {
        public const int Capacity = 512;

        private const int WordsPerRegion = 9;

        private fixed ulong _storage[Capacity * WordsPerRegion];
        private int _count;
        private byte* _lowest;
        private byte* _highest;

        public int Count => _count;

        public HeapRegion* this[int index]
        {
            get
            {
                fixed (ulong* storage = _storage) return (HeapRegion*)(storage + index * WordsPerRegion);
            }
        }

        /// <summary>Adds a laid-out region; false when the table is full.</summary>
        public bool Add(in HeapRegion region)
        {
            if (_count == Capacity) return false;
            int at = _count;
            while (at > 0 && this[at - 1]->Start > region.Start)
            {
                *this[at] = *this[at - 1];
                at--;
            }
            *this[at] = region;
            _count++;
            UpdateBounds();
            return true;
        }

        public void RemoveAt(int index)
        {
            for (int i = index; i < _count - 1; i++) *this[i] = *this[i + 1];
            _count--;
            UpdateBounds();
        }

        private void UpdateBounds()
        {
            _lowest = _count == 0 ? null : this[0]->Start;
            _highest = _count == 0 ? null : this[_count - 1]->AreaEnd;
        }

        /// <summary>The region whose memory holds address, or null.</summary>
        public HeapRegion* Find(byte* address)
        {
            if (address < _lowest || address >= _highest) return null;
            int low = 0, high = _count - 1;
            while (low <= high)
            {
                int middle = (low + high) >> 1;
                HeapRegion* region = this[middle];
                if (address < region->Start) high = middle - 1;
                else if (address >= region->AreaEnd) low = middle + 1;
                else return region;
            }
            return null;
        }

        /// <summary>The object whose memory holds address (an interior pointer counts), or null.</summary>
        public byte* FindObject(byte* address)
        {
            HeapRegion* region = Find(address);
            return region == null ? null : region->FindObject(address);
        }
    }
}
