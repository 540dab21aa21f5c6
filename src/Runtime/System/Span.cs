// A view of contiguous memory: an array, a string, stack memory or raw memory the kernel owns.
using System.Runtime.CompilerServices;

namespace System
{
    public readonly ref struct Span<T>
    {
        internal readonly ref T _reference;
        private readonly int _length;

        public Span(T[] array)
        {
            if (array is null)
            {
                this = default;
                return;
            }
            MemoryMarshalHelpers.CheckWritable(array);
            _reference = ref MemoryMarshalHelpers.ArrayData(array);
            _length = array.Length;
        }

        public Span(T[] array, int start, int length)
        {
            if (array is null)
            {
                if (start != 0 || length != 0) ThrowHelper.ThrowArgumentOutOfRangeException("start");
                this = default;
                return;
            }
            MemoryMarshalHelpers.CheckWritable(array);
            if ((ulong)(uint)start + (ulong)(uint)length > (ulong)(uint)array.Length) ThrowHelper.ThrowArgumentOutOfRangeException("start");
            _reference = ref Unsafe.Add(ref MemoryMarshalHelpers.ArrayData(array), start);
            _length = length;
        }

        public unsafe Span(void* pointer, int length)
        {
            if (length < 0) ThrowHelper.ThrowArgumentOutOfRangeException("length");
            _reference = ref Unsafe.AsRef<T>(pointer);
            _length = length;
        }

        public Span(ref T reference)
        {
            _reference = ref reference;
            _length = 1;
        }

        internal Span(ref T reference, int length)
        {
            _reference = ref reference;
            _length = length;
        }

        public ref T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) ThrowHelper.ThrowIndexOutOfRangeException();
                return ref Unsafe.Add(ref _reference, index);
            }
        }

        public int Length => _length;

        public bool IsEmpty => _length == 0;

        public static Span<T> Empty => default;

        public ref T GetPinnableReference() => ref _length != 0 ? ref _reference : ref Unsafe.NullRef<T>();

        public Span<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) ThrowHelper.ThrowArgumentOutOfRangeException("start");
            return new Span<T>(ref Unsafe.Add(ref _reference, start), _length - start);
        }

        public Span<T> Slice(int start, int length)
        {
            if ((ulong)(uint)start + (ulong)(uint)length > (ulong)(uint)_length) ThrowHelper.ThrowArgumentOutOfRangeException("start");
            return new Span<T>(ref Unsafe.Add(ref _reference, start), length);
        }

        public void Clear() => MemoryMarshalHelpers.Clear(ref _reference, _length);

        public void Fill(T value)
        {
            for (int i = 0; i < _length; i++) Unsafe.Add(ref _reference, i) = value;
        }

        public void CopyTo(Span<T> destination)
        {
            if (!TryCopyTo(destination)) ThrowHelper.ThrowArgumentException("Destination is too short.", "destination");
        }

        public bool TryCopyTo(Span<T> destination)
        {
            if ((uint)_length > (uint)destination.Length) return false;
            MemoryMarshalHelpers.Move(ref destination._reference, ref _reference, _length);
            return true;
        }

        public T[] ToArray()
        {
            if (_length == 0) return Array.Empty<T>();
            var array = new T[_length];
            CopyTo(array);
            return array;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        public override string ToString()
        {
            if (typeof(T) == typeof(char))
                return new string(new ReadOnlySpan<char>(ref Unsafe.As<T, char>(ref _reference), _length));
            return "System.Span<" + typeof(T).Name + ">[" + _length.ToString() + "]";
        }

        public static implicit operator Span<T>(T[] array) => new Span<T>(array);

        public static implicit operator ReadOnlySpan<T>(Span<T> span) => new ReadOnlySpan<T>(ref span._reference, span._length);

        public ref struct Enumerator
        {
            private readonly Span<T> _span;
            private int _index;

            internal Enumerator(Span<T> span)
            {
                _span = span;
                _index = -1;
            }

            public bool MoveNext() => ++_index < _span.Length;

            public ref T Current => ref _span[_index];
        }
    }

    public readonly ref struct ReadOnlySpan<T>
    {
        internal readonly ref T _reference;
        private readonly int _length;

        public ReadOnlySpan(T[] array)
        {
            if (array is null)
            {
                this = default;
                return;
            }
            _reference = ref MemoryMarshalHelpers.ArrayData(array);
            _length = array.Length;
        }

        public ReadOnlySpan(T[] array, int start, int length)
        {
            if (array is null)
            {
                if (start != 0 || length != 0) ThrowHelper.ThrowArgumentOutOfRangeException("start");
                this = default;
                return;
            }
            if ((ulong)(uint)start + (ulong)(uint)length > (ulong)(uint)array.Length) ThrowHelper.ThrowArgumentOutOfRangeException("start");
            _reference = ref Unsafe.Add(ref MemoryMarshalHelpers.ArrayData(array), start);
            _length = length;
        }

        public unsafe ReadOnlySpan(void* pointer, int length)
        {
            if (length < 0) ThrowHelper.ThrowArgumentOutOfRangeException("length");
            _reference = ref Unsafe.AsRef<T>(pointer);
            _length = length;
        }

        public ReadOnlySpan(ref readonly T reference)
        {
            _reference = ref Unsafe.AsRef(in reference);
            _length = 1;
        }

        internal ReadOnlySpan(ref T reference, int length)
        {
            _reference = ref reference;
            _length = length;
        }

        public ref readonly T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) ThrowHelper.ThrowIndexOutOfRangeException();
                return ref Unsafe.Add(ref _reference, index);
            }
        }

        public int Length => _length;

        public bool IsEmpty => _length == 0;

        public static ReadOnlySpan<T> Empty => default;

        public ref readonly T GetPinnableReference() => ref _length != 0 ? ref _reference : ref Unsafe.NullRef<T>();

        public ReadOnlySpan<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) ThrowHelper.ThrowArgumentOutOfRangeException("start");
            return new ReadOnlySpan<T>(ref Unsafe.Add(ref _reference, start), _length - start);
        }

        public ReadOnlySpan<T> Slice(int start, int length)
        {
            if ((ulong)(uint)start + (ulong)(uint)length > (ulong)(uint)_length) ThrowHelper.ThrowArgumentOutOfRangeException("start");
            return new ReadOnlySpan<T>(ref Unsafe.Add(ref _reference, start), length);
        }

        public void CopyTo(Span<T> destination)
        {
            if (!TryCopyTo(destination)) ThrowHelper.ThrowArgumentException("Destination is too short.", "destination");
        }

        public bool TryCopyTo(Span<T> destination)
        {
            if ((uint)_length > (uint)destination.Length) return false;
            MemoryMarshalHelpers.Move(ref destination._reference, ref _reference, _length);
            return true;
        }

        public T[] ToArray()
        {
            if (_length == 0) return Array.Empty<T>();
            var array = new T[_length];
            CopyTo(array);
            return array;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        public override string ToString()
        {
            if (typeof(T) == typeof(char))
                return new string(new ReadOnlySpan<char>(ref Unsafe.As<T, char>(ref _reference), _length));
            return "System.ReadOnlySpan<" + typeof(T).Name + ">[" + _length.ToString() + "]";
        }

        public static implicit operator ReadOnlySpan<T>(T[] array) => new ReadOnlySpan<T>(array);

        public ref struct Enumerator
        {
            private readonly ReadOnlySpan<T> _span;
            private int _index;

            internal Enumerator(ReadOnlySpan<T> span)
            {
                _span = span;
                _index = -1;
            }

            public bool MoveNext() => ++_index < _span.Length;

            public ref readonly T Current => ref _span[_index];
        }
    }
}
