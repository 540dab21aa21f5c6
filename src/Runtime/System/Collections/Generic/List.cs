// A growable array, API-compatible with the BCL's List<T> for the members the system uses.
namespace System.Collections.Generic
{
    public class List<T> : IList<T>, IReadOnlyList<T>
    {
        private T[] _items;
        private int _size;
        private int _version;

        public List() { _items = Array.Empty<T>(); }

        public List(int capacity)
        {
            if (capacity < 0) ThrowHelper.ThrowArgumentOutOfRangeException("capacity");
            _items = capacity == 0 ? Array.Empty<T>() : new T[capacity];
        }

        public List(IEnumerable<T> collection) : this()
        {
            if (collection is null) ThrowHelper.ThrowArgumentNullException("collection");
            AddRange(collection);
        }

        public int Count => _size;

        public int Capacity
        {
            get => _items.Length;
            set
            {
                if (value < _size) ThrowHelper.ThrowArgumentOutOfRangeException("value");
                if (value == _items.Length) return;
                T[] items = new T[value];
                new ReadOnlySpan<T>(_items, 0, _size).CopyTo(items);
                _items = items;
            }
        }

        bool ICollection<T>.IsReadOnly => false;

        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_size) ThrowHelper.ThrowArgumentOutOfRangeException("index");
                return _items[index];
            }
            set
            {
                if ((uint)index >= (uint)_size) ThrowHelper.ThrowArgumentOutOfRangeException("index");
                _items[index] = value;
                _version++;
            }
        }

        public void Add(T item)
        {
            if (_size == _items.Length) Grow(_size + 1);
            _items[_size++] = item;
            _version++;
        }

        public void AddRange(IEnumerable<T> collection)
        {
            foreach (T item in collection) Add(item);
        }

        public void Insert(int index, T item)
        {
            if ((uint)index > (uint)_size) ThrowHelper.ThrowArgumentOutOfRangeException("index");
            if (_size == _items.Length) Grow(_size + 1);
            Array.Copy(_items, index, _items, index + 1, _size - index);
            _items[index] = item;
            _size++;
            _version++;
        }

        public bool Remove(T item)
        {
            int index = IndexOf(item);
            if (index < 0) return false;
            RemoveAt(index);
            return true;
        }

        public void RemoveAt(int index)
        {
            if ((uint)index >= (uint)_size) ThrowHelper.ThrowArgumentOutOfRangeException("index");
            _size--;
            Array.Copy(_items, index + 1, _items, index, _size - index);
            _items[_size] = default;
            _version++;
        }

        public int RemoveAll(Predicate<T> match)
        {
            int kept = 0;
            for (int i = 0; i < _size; i++)
                if (!match(_items[i])) _items[kept++] = _items[i];
            int removed = _size - kept;
            new Span<T>(_items, kept, removed).Clear();
            _size = kept;
            _version++;
            return removed;
        }

        public void Clear()
        {
            new Span<T>(_items, 0, _size).Clear();
            _size = 0;
            _version++;
        }

        public bool Contains(T item) => IndexOf(item) >= 0;

        public int IndexOf(T item) => Array.IndexOf(_items, item, 0, _size);

        public T Find(Predicate<T> match)
        {
            for (int i = 0; i < _size; i++)
                if (match(_items[i])) return _items[i];
            return default;
        }

        public int FindIndex(Predicate<T> match)
        {
            for (int i = 0; i < _size; i++)
                if (match(_items[i])) return i;
            return -1;
        }

        public bool Exists(Predicate<T> match) => FindIndex(match) >= 0;

        public void ForEach(Action<T> action)
        {
            int version = _version;
            for (int i = 0; i < _size; i++)
            {
                if (version != _version) ThrowHelper.ThrowCollectionModified();
                action(_items[i]);
            }
        }

        public void Sort() => Array.Sort(_items, 0, _size, Comparer<T>.Default.Compare);

        public void Sort(Comparison<T> comparison)
        {
            Array.Sort(_items, 0, _size, comparison);
            _version++;
        }

        public void Reverse() => new Span<T>(_items, 0, _size).Reverse();

        public T[] ToArray() => new ReadOnlySpan<T>(_items, 0, _size).ToArray();

        public void CopyTo(T[] array) => CopyTo(array, 0);

        public void CopyTo(T[] array, int arrayIndex) => new ReadOnlySpan<T>(_items, 0, _size).CopyTo(new Span<T>(array, arrayIndex, array.Length - arrayIndex));

        public Enumerator GetEnumerator() => new Enumerator(this);

        IEnumerator<T> IEnumerable<T>.GetEnumerator() => new Enumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(this);

        private void Grow(int capacity)
        {
            int newCapacity = _items.Length == 0 ? 4 : 2 * _items.Length;
            Capacity = Math.Max(newCapacity, capacity);
        }

        public struct Enumerator : IEnumerator<T>
        {
            private readonly List<T> _list;
            private readonly int _version;
            private int _index;
            private T _current;

            internal Enumerator(List<T> list)
            {
                _list = list;
                _version = list._version;
                _index = 0;
                _current = default;
            }

            public T Current => _current;

            object IEnumerator.Current => _current;

            public bool MoveNext()
            {
                if (_version != _list._version) ThrowHelper.ThrowCollectionModified();
                if (_index >= _list._size) return false;
                _current = _list._items[_index++];
                return true;
            }

            public void Reset()
            {
                _index = 0;
                _current = default;
            }

            public void Dispose() { }
        }
    }
}
