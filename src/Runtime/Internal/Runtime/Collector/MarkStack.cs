// Objects marked but not yet scanned, in a fixed buffer (the collector must not allocate). When it is full, an
// object is marked without being pushed and Overflowed says so: the collector then rescans the heap for marked
// objects whose references may not be marked yet, until a pass overflows no more.
namespace Internal.Runtime.Collector
{
    internal unsafe struct MarkStack
    {
        public const int Capacity = 4096;

        private fixed ulong _entries[Capacity];
        private int _count;

        public bool Overflowed;

        public bool IsEmpty => _count == 0;

        public void Push(byte* obj)
        {
            if (_count == Capacity)
            {
                Overflowed = true;
                return;
            }
            _entries[_count++] = (ulong)obj;
        }

        public byte* Pop() => (byte*)_entries[--_count];
    }
}
