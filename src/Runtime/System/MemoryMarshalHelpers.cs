// What Span, ReadOnlySpan and MemoryMarshal need underneath: an array's first element, the covariance check for
// writable spans, and an overlap-safe element copy.
using System.Runtime.CompilerServices;

namespace System
{
    internal static class MemoryMarshalHelpers
    {
        internal static ref T ArrayData<T>(T[] array) => ref Unsafe.As<byte, T>(ref Unsafe.As<RawArrayData>(array).Data);

        // A writable span over a covariant array (a string[] seen as object[]) would let any object be stored in it:
        // for reference types the array must be exactly a T[] (the BCL's rule). ReadOnlySpan needs no such check.
        internal static unsafe void CheckWritable<T>(T[] array)
        {
            if (default(T) is null && array.m_pEEType != Internal.Runtime.MethodTable.Of<T[]>())
                ThrowHelper.ThrowArrayTypeMismatchException();
        }

        // Overlap-safe element copy. Plain element assignment: there is no collector yet, so references need no
        // barrier beyond what ilc emits for the store.
        internal static void Move<T>(ref T destination, ref T source, int count)
        {
            if (count == 0 || Unsafe.AreSame(ref destination, ref source)) return;
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
