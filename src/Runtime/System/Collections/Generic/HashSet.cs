// A set on top of Dictionary: the same hashing, no second implementation to keep right.
namespace System.Collections.Generic
{
    public class HashSet<T> : ICollection<T>, IReadOnlyCollection<T>
    {
        private readonly Dictionary<T, bool> _items;

        public HashSet() { _items = new Dictionary<T, bool>(); }

        public HashSet(IEqualityComparer<T> comparer) { _items = new Dictionary<T, bool>(comparer); }

        public HashSet(IEnumerable<T> collection) : this()
        {
            foreach (T item in collection) Add(item);
        }

        public int Count => _items.Count;

        bool ICollection<T>.IsReadOnly => false;

        public bool Add(T item) => _items.TryAdd(item, true);

        void ICollection<T>.Add(T item) => Add(item);

        public bool Contains(T item) => _items.ContainsKey(item);

        public bool Remove(T item) => _items.Remove(item);

        public void Clear() => _items.Clear();

        public void CopyTo(T[] array, int arrayIndex)
        {
            foreach (T item in this) array[arrayIndex++] = item;
        }

        public IEnumerator<T> GetEnumerator()
        {
            foreach (KeyValuePair<T, bool> pair in _items) yield return pair.Key;
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
