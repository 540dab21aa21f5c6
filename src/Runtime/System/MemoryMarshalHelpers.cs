// What Span, ReadOnlySpan and MemoryMarshal need underneath: an array's first element, the covariance check for
// writable spans, an overlap-safe element copy and a clear.
using System.Runtime.CompilerServices;

namespace System
{
    internal static class MemoryMarshalHelpers
    {
        internal static unsafe void Clear<T>(ref T start, int count)
        {
            if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                SpanHelpers.ClearBytes((byte*)Unsafe.AsPointer(ref start), (nuint)count * (nuint)Unsafe.SizeOf<T>());
                return;
            }
            for (int i = 0; i < count; i++) Unsafe.Add(ref start, i) = default;
        }

        internal static ref T ArrayData<T>(T[] array) => ref Unsafe.As<byte, T>(ref Unsafe.As<RawArrayData>(array).Data);

        // A writable span over a covariant array (a string[] seen as object[]) would let any object be stored in it:
        // for reference types the array must be exactly a T[] (the BCL's rule). ReadOnlySpan needs no such check.
        internal static unsafe void CheckWritable<T>(T[] array)
        {
            if (default(T) is null && array.m_pEEType != Internal.Runtime.MethodTable.Of<T[]>())
                ThrowHelper.ThrowArrayTypeMismatchException();
        }

        // Overlap-safe element copy.
        internal static unsafe void Move<T>(ref T destination, ref T source, int count)
        {
            if (count == 0 || Unsafe.AreSame(ref destination, ref source)) return;
            // Plain data moves as bytes, words at a time (copying a process image, a message); references element by
            // element, each store through ilc's write barrier.
            if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                SpanHelpers.MoveBytes((byte*)Unsafe.AsPointer(ref destination), (byte*)Unsafe.AsPointer(ref source), (nuint)count * (nuint)Unsafe.SizeOf<T>());
                return;
            }
            if (Unsafe.IsAddressGreaterThan(ref destination, ref source))
            {
                for (int i = count - 1; i >= 0; i--) Unsafe.Add(ref destination, i) = Unsafe.Add(ref source, i);
            }
            else
            {
                for (int i = 0; i < count; i++) Unsafe.Add(ref destination, i) = Unsafe.Add(ref source, i);
            }
        }
    }
}
