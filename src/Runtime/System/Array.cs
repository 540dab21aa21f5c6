// Arrays. Every single-dimension array derives from Array<T>, so T[] implements IList<T> and IReadOnlyList<T> the
// way the BCL's arrays do (ilc's contract: a class library provides Array<T>).
using System.Collections;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    public abstract partial class Array : ICloneable
    {
        // ilc's contract: the element count is the first field (padded to pointer size on 64-bit).
        private int _numComponents;

        public int Length => _numComponents;

        public long LongLength => _numComponents;

        public int Rank => 1;

        public object Clone() => MemberwiseClone();

        public static T[] Empty<T>() => EmptyArray<T>.Value;

        public static void Resize<T>(ref T[] array, int newSize)
        {
            if (newSize < 0) ThrowHelper.ThrowArgumentOutOfRangeException("newSize");
            T[] larger = new T[newSize];
            if (array is not null)
                new ReadOnlySpan<T>(array, 0, Math.Min(array.Length, newSize)).CopyTo(larger);
            array = larger;
        }

        public static int IndexOf<T>(T[] array, T value)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            return IndexOf(array, value, 0, array.Length);
        }

        public static int IndexOf<T>(T[] array, T value, int startIndex, int count)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            if ((uint)startIndex > (uint)array.Length || (uint)count > (uint)(array.Length - startIndex))
                ThrowHelper.ThrowArgumentOutOfRangeException("startIndex");
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = startIndex; i < startIndex + count; i++)
                if (comparer.Equals(array[i], value)) return i;
            return -1;
        }

        public static bool Exists<T>(T[] array, Predicate<T> match) => FindIndex(array, match) >= 0;

        public static int FindIndex<T>(T[] array, Predicate<T> match)
        {
            for (int i = 0; i < array.Length; i++)
                if (match(array[i])) return i;
            return -1;
        }

        public static void Reverse<T>(T[] array) => new Span<T>(array).Reverse();

        public static void Fill<T>(T[] array, T value) => new Span<T>(array).Fill(value);

        public static void Clear(Array array) => Clear(array, 0, array.Length);

        public static unsafe void Clear(Array array, int index, int length)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            if ((uint)index > (uint)array.Length || (uint)length > (uint)(array.Length - index))
                ThrowHelper.ThrowArgumentOutOfRangeException("index");
            nuint elementSize = array.m_pEEType->ComponentSize;
            byte* start = (byte*)Unsafe.AsPointer(ref Unsafe.As<RawArrayData>(array).Data) + (nuint)index * elementSize;
            SpanHelpers.ClearBytes(start, (nuint)length * elementSize);
        }

        public static void Copy(Array sourceArray, Array destinationArray, int length)
            => Copy(sourceArray, 0, destinationArray, 0, length);

        public static unsafe void Copy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length)
        {
            if (sourceArray is null) ThrowHelper.ThrowArgumentNullException("sourceArray");
            if (destinationArray is null) ThrowHelper.ThrowArgumentNullException("destinationArray");
            if (sourceArray.m_pEEType != destinationArray.m_pEEType)
                ThrowHelper.ThrowArgumentException("Arrays must be of the same type.", "destinationArray");
            if (length < 0 || (uint)sourceIndex > (uint)(sourceArray.Length - length) || (uint)destinationIndex > (uint)(destinationArray.Length - length))
                ThrowHelper.ThrowArgumentOutOfRangeException("length");
            nuint elementSize = sourceArray.m_pEEType->ComponentSize;
            byte* src = (byte*)Unsafe.AsPointer(ref Unsafe.As<RawArrayData>(sourceArray).Data) + (nuint)sourceIndex * elementSize;
            byte* dst = (byte*)Unsafe.AsPointer(ref Unsafe.As<RawArrayData>(destinationArray).Data) + (nuint)destinationIndex * elementSize;
            SpanHelpers.MoveBytes(dst, src, (nuint)length * elementSize);
        }

        public static void Sort<T>(T[] array) => Sort(array, 0, array.Length, Comparer<T>.Default.Compare);

        public static void Sort<T>(T[] array, Comparison<T> comparison) => Sort(array, 0, array.Length, comparison);

        // Insertion sort for short runs, heap sort above: O(n log n) worst case, no recursion, no allocation.
        internal static void Sort<T>(T[] array, int index, int count, Comparison<T> comparison)
        {
            Span<T> span = new Span<T>(array, index, count);
            if (span.Length <= 16)
            {
                for (int i = 1; i < span.Length; i++)
                {
                    T item = span[i];
                    int j = i - 1;
                    while (j >= 0 && comparison(span[j], item) > 0)
                    {
                        span[j + 1] = span[j];
                        j--;
                    }
                    span[j + 1] = item;
                }
                return;
            }
            for (int i = span.Length / 2 - 1; i >= 0; i--) SiftDown(span, i, span.Length, comparison);
            for (int end = span.Length - 1; end > 0; end--)
            {
                T t = span[0];
                span[0] = span[end];
                span[end] = t;
                SiftDown(span, 0, end, comparison);
            }
        }

        private static void SiftDown<T>(Span<T> heap, int i, int n, Comparison<T> comparison)
        {
            while (true)
            {
                int child = 2 * i + 1;
                if (child >= n) return;
                if (child + 1 < n && comparison(heap[child + 1], heap[child]) > 0) child++;
                if (comparison(heap[child], heap[i]) <= 0) return;
                T t = heap[i];
                heap[i] = heap[child];
                heap[child] = t;
                i = child;
            }
        }

        private static class EmptyArray<T>
        {
            internal static readonly T[] Value = new T[0];
        }
    }

    // What every T[] is, seen through the generic collection interfaces.
    internal class Array<T> : Array, IList<T>, IReadOnlyList<T>
    {
        private T[] Self => Unsafe.As<T[]>(this);

        public int Count => Length;

        public bool IsReadOnly => true;

        public T this[int index]
        {
            get => Self[index];
            set => Self[index] = value;
        }

        public IEnumerator<T> GetEnumerator() => new ArrayEnumerator<T>(Self);

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public int IndexOf(T item) => IndexOf(Self, item);

        public bool Contains(T item) => IndexOf(Self, item) >= 0;

        public void CopyTo(T[] array, int arrayIndex) => new ReadOnlySpan<T>(Self).CopyTo(new Span<T>(array, arrayIndex, Length));

        public void Add(T item) => ThrowHelper.ThrowNotSupportedException("Collection was of a fixed size.");

        public void Clear() => ThrowHelper.ThrowNotSupportedException("Collection was of a fixed size.");

        public void Insert(int index, T item) => ThrowHelper.ThrowNotSupportedException("Collection was of a fixed size.");

        public bool Remove(T item)
        {
            ThrowHelper.ThrowNotSupportedException("Collection was of a fixed size.");
            return false;
        }

        public void RemoveAt(int index) => ThrowHelper.ThrowNotSupportedException("Collection was of a fixed size.");
    }

    internal sealed class ArrayEnumerator<T> : IEnumerator<T>
    {
        private readonly T[] _array;
        private int _index = -1;

        internal ArrayEnumerator(T[] array) { _array = array; }

        public T Current => _array[_index];

        object IEnumerator.Current => Current;

        public bool MoveNext() => ++_index < _array.Length;

        public void Reset() => _index = -1;

        public void Dispose() { }
    }
}
