// A FIFO on a circular array.
namespace System.Collections.Generic
{
    public class Queue<T> : IReadOnlyCollection<T>
    {
        private T[] _array = Array.Empty<T>();
        private int _head;
        private int _size;

        public Queue() { }

        public Queue(int capacity) { _array = new T[capacity]; }

        public int Count => _size;

        public void Enqueue(T item)
        {
            if (_size == _array.Length) Grow();
            _array[(_head + _size) % _array.Length] = item;
            _size++;
        }

        public T Dequeue()
        {
            if (!TryDequeue(out T item)) ThrowHelper.ThrowInvalidOperationException("Queue empty.");
            return item;
        }

        public bool TryDequeue(out T result)
        {
            if (_size == 0)
            {
                result = default;
                return false;
            }
            result = _array[_head];
            _array[_head] = default;
            _head = (_head + 1) % _array.Length;
            _size--;
            return true;
        }

        public T Peek()
        {
            if (_size == 0) ThrowHelper.ThrowInvalidOperationException("Queue empty.");
            return _array[_head];
        }

        public void Clear()
        {
            while (_size > 0) TryDequeue(out _);
            _head = 0;
        }

        public IEnumerator<T> GetEnumerator()
        {
            for (int i = 0; i < _size; i++) yield return _array[(_head + i) % _array.Length];
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        private void Grow()
        {
            T[] larger = new T[Math.Max(4, _array.Length * 2)];
            for (int i = 0; i < _size; i++) larger[i] = _array[(_head + i) % _array.Length];
            _array = larger;
            _head = 0;
        }
    }
}
