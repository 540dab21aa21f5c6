// Block copies the JIT asks for by name.
using System.Runtime.CompilerServices;

namespace System
{
    public static unsafe class Buffer
    {
        // Copies memory that may hold object references (no collector yet, so no barrier work).
        internal static void BulkMoveWithWriteBarrier(ref byte destination, ref byte source, nuint byteCount)
            => SpanHelpers.MoveBytes((byte*)Unsafe.AsPointer(ref destination), (byte*)Unsafe.AsPointer(ref source), byteCount);

        internal static void Memmove(ref byte destination, ref byte source, nuint byteCount)
            => SpanHelpers.MoveBytes((byte*)Unsafe.AsPointer(ref destination), (byte*)Unsafe.AsPointer(ref source), byteCount);

        public static void MemoryCopy(void* source, void* destination, long destinationSizeInBytes, long sourceBytesToCopy)
        {
            if (sourceBytesToCopy > destinationSizeInBytes) ThrowHelper.ThrowArgumentOutOfRangeException("sourceBytesToCopy");
            SpanHelpers.MoveBytes((byte*)destination, (byte*)source, (nuint)sourceBytesToCopy);
        }
    }
}
