// A hash table with separate chaining through an entries array (the BCL's design, written afresh): lookups never
// allocate, removal recycles entries through a free list, enumeration follows insertion order until a removal. As in
// .NET Core 3.0+, only adding (and Clear) invalidates enumerators.
namespace System.Collections.Generic
{
    public class Dictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        private struct Entry
        {
            public uint HashCode;
            public int Next;            // index of the next entry in the bucket's chain, -1 at the end
            public TKey Key;
            public TValue Value;
        }

        private const int FreeListEnd = -1;

        private int[] _buckets;         // 1-based index into _entries; 0 = empty bucket
        private Entry[] _entries;
        private int _count;             // entries used, including freed ones
        private int _freeList = FreeListEnd;
        private int _freeCount;
        private int _version;
        private readonly IEqualityComparer<TKey> _comparer;

        public Dictionary() : this(0, null) { }

        public Dictionary(int capacity) : this(capacity, null) { }

        public Dictionary(IEqualityComparer<TKey> comparer) : this(0, comparer) { }

        public Dictionary(int capacity, IEqualityComparer<TKey> comparer)
        {
            if (capacity < 0) ThrowHelper.ThrowArgumentOutOfRangeException("capacity");
            _comparer = comparer ?? EqualityComparer<TKey>.Default;
            Initialize(Math.Max(capacity, 3));
        }

        public int Count => _count - _freeCount;

        bool ICollection<KeyValuePair<TKey, TValue>>.IsReadOnly => false;

        public IEqualityComparer<TKey> Comparer => _comparer;

        public TValue this[TKey key]
        {
            get
            {
                int i = FindEntry(key);
                if (i < 0) ThrowHelper.ThrowKeyNotFoundException(key.ToString());
                return _entries[i].Value;
            }
            set => Insert(key, value, overwrite: true);
        }

        public KeyCollection Keys => new KeyCollection(this);

        public ValueCollection Values => new ValueCollection(this);

        public void Add(TKey key, TValue value) => Insert(key, value, overwrite: false);

        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => Add(item.Key, item.Value);

        public bool TryAdd(TKey key, TValue value)
        {
            if (FindEntry(key) >= 0) return false;
            Insert(key, value, overwrite: false);
            return true;
        }

        public bool ContainsKey(TKey key) => FindEntry(key) >= 0;

        public bool ContainsValue(TValue value)
        {
            EqualityComparer<TValue> comparer = EqualityComparer<TValue>.Default;
            for (int i = 0; i < _count; i++)
                if (_entries[i].Next >= -1 && comparer.Equals(_entries[i].Value, value)) return true;
            return false;
        }

        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item)
        {
            int i = FindEntry(item.Key);
            return i >= 0 && EqualityComparer<TValue>.Default.Equals(_entries[i].Value, item.Value);
        }

        public bool TryGetValue(TKey key, out TValue value)
        {
            int i = FindEntry(key);
            value = i >= 0 ? _entries[i].Value : default;
            return i >= 0;
        }

        public TValue GetValueOrDefault(TKey key, TValue defaultValue = default)
            => TryGetValue(key, out TValue value) ? value : defaultValue;

        public bool Remove(TKey key) => Remove(key, out _);

        public bool Remove(TKey key, out TValue value)
        {
            if (key is null) ThrowHelper.ThrowArgumentNullException("key");
            uint hash = (uint)_comparer.GetHashCode(key);
            ref int bucket = ref _buckets[hash % (uint)_buckets.Length];
            int last = -1;
            for (int i = bucket - 1; i >= 0; last = i, i = _entries[i].Next)
            {
                ref Entry entry = ref _entries[i];
                if (entry.HashCode != hash || !_comparer.Equals(entry.Key, key)) continue;
                if (last < 0) bucket = entry.Next + 1;
                else _entries[last].Next = entry.Next;
                value = entry.Value;
                // Freed entries chain through Next encoded below -1, so enumeration can tell them apart.
                entry.Next = -3 - _freeList;
                entry.Key = default;
                entry.Value = default;
                _freeList = i;
                _freeCount++;
                // No _version++: removing leaves enumerators valid (.NET Core 3.0+); they skip freed entries.
                return true;
            }
            value = default;
            return false;
        }

        // The pair is removed only if the key holds that value.
        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item)
        {
            int i = FindEntry(item.Key);
            return i >= 0 && EqualityComparer<TValue>.Default.Equals(_entries[i].Value, item.Value) && Remove(item.Key);
        }

        public void Clear()
        {
            if (_count == 0) return;
            Array.Clear(_buckets);
            Array.Clear(_entries, 0, _count);
            _count = 0;
            _freeList = FreeListEnd;
            _freeCount = 0;
            _version++;
        }

        public void CopyTo(KeyValuePair<TKey, TValue>[] array, int arrayIndex)
        {
            foreach (KeyValuePair<TKey, TValue> pair in this) array[arrayIndex++] = pair;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        IEnumerator<KeyValuePair<TKey, TValue>> IEnumerable<KeyValuePair<TKey, TValue>>.GetEnumerator() => new Enumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(this);

        private void Initialize(int capacity)
        {
            int size = HashPrimes.AtLeast(capacity);
            _buckets = new int[size];
            _entries = new Entry[size];
        }

        private int FindEntry(TKey key)
        {
            if (key is null) ThrowHelper.ThrowArgumentNullException("key");
            uint hash = (uint)_comparer.GetHashCode(key);
            for (int i = _buckets[hash % (uint)_buckets.Length] - 1; i >= 0; i = _entries[i].Next)
            {
                if (_entries[i].HashCode == hash && _comparer.Equals(_entries[i].Key, key)) return i;
            }
            return -1;
        }

        private void Insert(TKey key, TValue value, bool overwrite)
        {
            int existing = FindEntry(key);
            if (existing >= 0)
            {
                if (!overwrite) ThrowHelper.ThrowAddingDuplicateKey(key.ToString());
                // No _version++: replacing a value leaves enumerators valid (.NET Core 3.0+).
                _entries[existing].Value = value;
                return;
            }

            int index;
            if (_freeCount > 0)
            {
                index = _freeList;
                _freeList = -3 - _entries[index].Next;
                _freeCount--;
            }
            else
            {
                if (_count == _entries.Length) Resize();
                index = _count++;
            }

            uint hash = (uint)_comparer.GetHashCode(key);
            ref int bucket = ref _buckets[hash % (uint)_buckets.Length];
            ref Entry entry = ref _entries[index];
            entry.HashCode = hash;
            entry.Next = bucket - 1;
            entry.Key = key;
            entry.Value = value;
            bucket = index + 1;
            _version++;
        }

        /// <summary>
        /// Makes room for capacity entries without growing again, and returns the room there is (as .NET's): with a
        /// capacity not above it, nothing is allocated, so EnsureCapacity(0) tells whether the next Add allocates.
        /// </summary>
        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0) ThrowHelper.ThrowArgumentOutOfRangeException("capacity");
            if (_entries.Length >= capacity) return _entries.Length;
            Resize(HashPrimes.AtLeast(capacity));
            return _entries.Length;
        }

        private void Resize() => Resize(HashPrimes.AtLeast(2 * _count));

        private void Resize(int size)
        {
            Entry[] entries = new Entry[size];
            Array.Copy(_entries, entries, _count);
            _buckets = new int[size];
            for (int i = 0; i < _count; i++)
            {
                if (entries[i].Next < -1) continue;     // a freed entry (EnsureCapacity may grow with some): its Next is the free list's
                ref int bucket = ref _buckets[entries[i].HashCode % (uint)size];
                entries[i].Next = bucket - 1;
                bucket = i + 1;
            }
            _entries = entries;
        }

        public struct Enumerator : IEnumerator<KeyValuePair<TKey, TValue>>
        {
            private readonly Dictionary<TKey, TValue> _dictionary;
            private readonly int _version;
            private int _index;
            private KeyValuePair<TKey, TValue> _current;

            internal Enumerator(Dictionary<TKey, TValue> dictionary)
            {
                _dictionary = dictionary;
                _version = dictionary._version;
                _index = 0;
                _current = default;
            }

            public KeyValuePair<TKey, TValue> Current => _current;

            object IEnumerator.Current => _current;

            public bool MoveNext()
            {
                if (_version != _dictionary._version) ThrowHelper.ThrowCollectionModified();
                while (_index < _dictionary._count)
                {
                    ref Entry entry = ref _dictionary._entries[_index++];
                    if (entry.Next >= -1)
                    {
                        _current = new KeyValuePair<TKey, TValue>(entry.Key, entry.Value);
                        return true;
                    }
                }
                return false;
            }

            public void Reset()
            {
                _index = 0;
                _current = default;
            }

            public void Dispose() { }
        }

        public sealed class KeyCollection : IReadOnlyCollection<TKey>
        {
            private readonly Dictionary<TKey, TValue> _dictionary;

            internal KeyCollection(Dictionary<TKey, TValue> dictionary) { _dictionary = dictionary; }

            public int Count => _dictionary.Count;

            public IEnumerator<TKey> GetEnumerator()
            {
                foreach (KeyValuePair<TKey, TValue> pair in _dictionary) yield return pair.Key;
            }

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }

        public sealed class ValueCollection : IReadOnlyCollection<TValue>
        {
            private readonly Dictionary<TKey, TValue> _dictionary;

            internal ValueCollection(Dictionary<TKey, TValue> dictionary) { _dictionary = dictionary; }

            public int Count => _dictionary.Count;

            public IEnumerator<TValue> GetEnumerator()
            {
                foreach (KeyValuePair<TKey, TValue> pair in _dictionary) yield return pair.Value;
            }

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }
    }

    internal static class HashPrimes
    {
        private static readonly int[] s_primes =
        {
            3, 7, 11, 17, 23, 29, 37, 47, 59, 71, 89, 107, 131, 163, 197, 239, 293, 353, 431, 521, 631, 761, 919,
            1103, 1327, 1597, 1931, 2333, 2801, 3371, 4049, 4861, 5839, 7013, 8419, 10103, 12143, 14591, 17519,
            21023, 25229, 30293, 36353, 43627, 52361, 62851, 75431, 90523, 108631, 130363, 156437, 187751, 225307,
            270371, 324449, 389357, 467237, 560689, 672827, 807403, 968897, 1162687, 1395263, 1674319, 2009191,
        };

        internal static int AtLeast(int min)
        {
            foreach (int prime in s_primes)
                if (prime >= min) return prime;
            for (int candidate = min | 1; ; candidate += 2)
                if (IsPrime(candidate)) return candidate;
        }

        private static bool IsPrime(int candidate)
        {
            for (int divisor = 3; divisor * divisor <= candidate; divisor += 2)
                if (candidate % divisor == 0) return false;
            return true;
        }
    }
}
