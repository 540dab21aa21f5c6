// Where an object's references are, from the GCDesc ilc emits just before each MethodTable that has pointers (the
// CoreCLR/NativeAOT CGCDesc format). The word before the MethodTable is a count. A positive count n is followed,
// downwards, by n series of (size, offset) words: offset is where a run of references starts, size is the run's length
// in bytes less the object's base size (so that for arrays it grows with the length: the run is size + the object's
// exact size). A negative count -n describes an array of structs: one offset word (where the first element's first
// reference is), then, downwards from the word below it, n items of (32-bit count of references, 32-bit bytes to
// skip after them), repeated element after element until the array's end.
namespace Internal.Runtime.Collector
{
    internal unsafe struct PointerSeries
    {
        private readonly byte* _object;
        private readonly byte* _methodTable;
        private readonly nint _count;
        private readonly byte* _end;        // the end of the object's data (repeating case)
        private readonly nuint _exactSize;
        private nint _index;
        private byte* _cursor;

        /// <summary>Runs of references in obj (a live object whose MethodTable says it contains pointers).</summary>
        public PointerSeries(byte* obj)
        {
            _object = obj;
            _methodTable = ObjectLayout.MethodTableOf(obj);
            _count = *(nint*)(_methodTable - sizeof(nint));
            _exactSize = ObjectLayout.ExactSize(obj);
            _end = obj + _exactSize - ObjectLayout.HeaderSize;
            _index = 0;
            _cursor = null;
            if (_count < 0) _cursor = obj + *(nint*)(_methodTable - 2 * sizeof(nint));
        }

        /// <summary>The next run: count references from first on. False when there are no more.</summary>
        public bool Next(out nint* first, out nuint count)
        {
            if (_count >= 0)
            {
                while (_index < _count)
                {
                    // Series k (0 = the highest, nearest the count): (size, offset) at MethodTable - 8 - 16 (k + 1).
                    byte* series = _methodTable - sizeof(nint) - 2 * sizeof(nint) * (_index + 1);
                    _index++;
                    nint size = *(nint*)series + (nint)_exactSize;
                    if (size <= 0) continue;
                    first = (nint*)(_object + *(nint*)(series + sizeof(nint)));
                    count = (nuint)size / (nuint)sizeof(nint);
                    return true;
                }
                first = null;
                count = 0;
                return false;
            }
            // Repeating: item i at MethodTable - 8 - 16 - 8 i (the highest series' size word, then downwards).
            nint items = -_count;
            while (_cursor < _end)
            {
                uint* item = (uint*)(_methodTable - 3 * sizeof(nint) - sizeof(nint) * _index);
                uint references = item[0];
                uint skip = item[1];
                first = (nint*)_cursor;
                _cursor += (nuint)references * (nuint)sizeof(nint) + skip;
                if (++_index == items) _index = 0;
                if (references == 0) continue;
                count = references;
                return true;
            }
            first = null;
            count = 0;
            return false;
        }
    }
}
