// The two things Span, ReadOnlySpan and MemoryMarshal need underneath: an array's first element, and an
// overlap-safe element copy.
using System.Runtime.CompilerServices;

namespace System
{
    internal static class MemoryMarshalHelpers
    {
        internal static ref T ArrayData<T>(T[] array) => ref Unsafe.As<byte, T>(ref Unsafe.As<RawArrayData>(array).Data);

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
