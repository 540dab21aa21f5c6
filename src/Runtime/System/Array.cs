// Arrays. Every single-dimension array derives from Array<T>, so T[] implements IList<T> and IReadOnlyList<T> the
// way the BCL's arrays do (ilc's contract: a class library provides Array<T>).
using System.Collections;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    public abstract partial class Array : ICloneable, IEnumerable
    {
        // ilc's contract: the element count is the first field (padded to pointer size on 64-bit).
        private int _numComponents;

        public int Length => _numComponents;

        // Every array enumerates its elements, boxed, in storage order (row-major for a multi-dimensional one), as the
        // BCL's do. C# also needs it to compile `foreach` over a multi-dimensional array, even though it turns that
        // loop into index loops over GetLowerBound/GetUpperBound (without it: CS7038, "failed to emit module").
        // T[] enumerates through Array<T> instead.
        IEnumerator IEnumerable.GetEnumerator() => new ArrayElementEnumerator(this);

        // The element at a flat index, boxed when the element type is a value type.
        internal unsafe object BoxedElement(int index)
        {
            if ((uint)index >= (uint)Length) ThrowHelper.ThrowIndexOutOfRangeException();
            MethodTable* element = m_pEEType->RelatedParameterType;
            byte* address = ElementData + (nuint)index * m_pEEType->ComponentSize;
            return element->IsValueType ? System.Runtime.RuntimeExports.RhBox(element, ref *address) : Unsafe.Read<object>(address);
        }

        public long LongLength => _numComponents;

        public unsafe int Rank => m_pEEType->ArrayRank;

        // Multi-dimensional arrays (`new int[m, n]`, laid out by Internal.Runtime.CompilerHelpers.ArrayHelpers): a
        // length and a lower bound (always 0) per dimension after the total count; a T[] is its own only dimension.
        public unsafe int GetLength(int dimension)
        {
            if ((uint)dimension >= (uint)Rank) ThrowHelper.ThrowIndexOutOfRangeException();
            return m_pEEType->IsSzArray ? _numComponents : MultiDimensionalBounds[dimension];
        }

        public long GetLongLength(int dimension) => GetLength(dimension);

        public int GetLowerBound(int dimension)
        {
            if ((uint)dimension >= (uint)Rank) ThrowHelper.ThrowIndexOutOfRangeException();
            return 0;
        }

        public int GetUpperBound(int dimension) => GetLength(dimension) - 1;

        // The lengths of a multi-dimensional array's dimensions, just after the total count.
        internal unsafe int* MultiDimensionalBounds => (int*)Unsafe.AsPointer(ref Unsafe.As<RawArrayData>(this).Data);

        // The first element: the base size counts the header word before the MethodTable pointer, and everything up
        // to the elements (for a T[], the count; for a multi-dimensional array, the bounds too).
        internal unsafe byte* ElementData => (byte*)Unsafe.AsPointer(ref Unsafe.As<RawData>(this).Data) + m_pEEType->BaseSize - 2 * sizeof(nint);

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

        // Reverse and Sort only move an array's own elements, so they work on a covariant array (a string[] seen as
        // object[]) where a Span<T> may not be made.
        public static void Reverse<T>(T[] array)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            new Span<T>(ref MemoryMarshalHelpers.ArrayData(array), array.Length).Reverse();
        }

        // Each store is checked (array covariance), as in the BCL.
        public static void Fill<T>(T[] array, T value)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            for (int i = 0; i < array.Length; i++) array[i] = value;
        }

        public static void Clear(Array array) => Clear(array, 0, array.Length);

        public static unsafe void Clear(Array array, int index, int length)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            if ((uint)index > (uint)array.Length || (uint)length > (uint)(array.Length - index))
                ThrowHelper.ThrowArgumentOutOfRangeException("index");
            nuint elementSize = array.m_pEEType->ComponentSize;
            byte* start = array.ElementData + (nuint)index * elementSize;
            SpanHelpers.ClearBytes(start, (nuint)length * elementSize);
        }

        public static void Sort<T>(T[] array) => Sort(array, 0, array.Length, Comparer<T>.Default.Compare);

        public static void Sort<T>(T[] array, Comparison<T> comparison) => Sort(array, 0, array.Length, comparison);

        // Insertion sort for short runs, heap sort above: O(n log n) worst case, no recursion, no allocation.
        internal static void Sort<T>(T[] array, int index, int count, Comparison<T> comparison)
        {
            if (array is null) ThrowHelper.ThrowArgumentNullException("array");
            if ((ulong)(uint)index + (uint)count > (uint)array.Length) ThrowHelper.ThrowArgumentOutOfRangeException("index");
            Span<T> span = new Span<T>(ref Unsafe.Add(ref MemoryMarshalHelpers.ArrayData(array), index), count);
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
    internal unsafe class Array<T> : Array, IList<T>, IReadOnlyList<T>
    {
        private T[] Self => Unsafe.As<T[]>(this);

        // Seen through a covariant view (a string[] as an IList<object>), an argument may not be a T at all: it is
        // then not in the array, and must not reach code that assumes it is a T.
        private bool CanHold(T item)
        {
            if (default(T) is not null) return true;
            object value = item;
            return value is null || System.Runtime.TypeCast.AreTypesAssignable(value.m_pEEType, m_pEEType->RelatedParameterType);
        }

        public int Count => Length;

        public bool IsReadOnly => true;

        public T this[int index]
        {
            get => Self[index];
            set => Self[index] = value;
        }

        public IEnumerator<T> GetEnumerator() => new ArrayEnumerator<T>(Self);

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public int IndexOf(T item) => CanHold(item) ? IndexOf(Self, item) : -1;

        public bool Contains(T item) => IndexOf(item) >= 0;

        // The destination may be of another (compatible) array type than T[]: Array.Copy handles both.
        public void CopyTo(T[] array, int arrayIndex) => Copy(this, 0, array, arrayIndex, Length);

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

    internal sealed class ArrayElementEnumerator : IEnumerator
    {
        private readonly Array _array;
        private int _index = -1;

        internal ArrayElementEnumerator(Array array) { _array = array; }

        public object Current => _index >= 0 && _index < _array.Length ? _array.BoxedElement(_index)
            : throw new InvalidOperationException(_index < 0 ? "Enumeration has not started. Call MoveNext." : "Enumeration already finished.");

        public bool MoveNext() => _index < _array.Length && ++_index < _array.Length;

        public void Reset() => _index = -1;
    }
}
