// Allocation and boxing. ilc calls the Rhp* exports for `new` and `new T[n]` (its contract, by symbol name) and the
// Rh* methods of this class for boxing and unboxing (by class and method name). Every object comes from Heap, zeroed and typed.
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System.Runtime
{
    internal static unsafe class RuntimeExports
    {
        [RuntimeExport("RhpNewFast")]
        internal static object NewObject(MethodTable* mt)
        {
            return AsObject(Heap.Allocate(mt, Internal.Runtime.Collector.ObjectLayout.HeapSize(mt->BaseSize, 0, 0), 0));
        }

        // A reference is the object's address: reinterpret the pointer value itself.
        private static object AsObject(void* memory) => Unsafe.As<nint, object>(ref *(nint*)&memory);

        // No finalization yet: a finalizable object is allocated like any other (its finalizer never runs).
        [RuntimeExport("RhpNewFinalizable")]
        private static object NewFinalizable(MethodTable* mt) => NewObject(mt);

        [RuntimeExport("RhNewObject")]
        private static object RhNewObject(MethodTable* mt) => NewObject(mt);

        [RuntimeExport("RhpNewArray")]
        private static object NewArray(MethodTable* mt, int length) => NewArrayOrString(mt, length);

        [RuntimeExport("RhpNewArrayFast")]
        private static object NewArrayFast(MethodTable* mt, int length) => NewArrayOrString(mt, length);

        [RuntimeExport("RhpNewPtrArrayFast")]
        private static object NewPtrArrayFast(MethodTable* mt, int length) => NewArrayOrString(mt, length);

        [RuntimeExport("RhNewArray")]
        private static object RhNewArray(MethodTable* mt, int length) => NewArrayOrString(mt, length);

        // Arrays and strings: base size plus length times component size, rounded up to pointer size.
        internal static object NewArrayOrString(MethodTable* mt, int length)
        {
            if (length < 0) throw new OverflowException();
            ulong size = mt->BaseSize + (ulong)length * mt->ComponentSize;
            if (size > int.MaxValue) throw new OutOfMemoryException();
            return AsObject(Heap.Allocate(mt, Internal.Runtime.Collector.ObjectLayout.HeapSize(mt->BaseSize, mt->ComponentSize, (uint)length), length));
        }

        internal static object RhBox(MethodTable* mt, ref byte data)
        {
            if (mt->IsNullable)
            {
                // A Nullable<T> boxes to null or to a boxed T.
                if (data == 0) return null;
                return RhBox(mt->GetGenericArgument(0), ref Unsafe.Add(ref data, NullableValueOffset(mt)));
            }
            object box = NewObject(mt);
            SpanHelpers.MoveBytes((byte*)Unsafe.AsPointer(ref Unsafe.As<RawData>(box).Data), (byte*)Unsafe.AsPointer(ref data), mt->ValueTypeSize);
            return box;
        }

        internal static ref byte RhUnbox2(MethodTable* mt, object obj)
        {
            if (obj is null) throw new NullReferenceException();
            RhUnboxTypeTest(mt, obj.m_pEEType);
            return ref Unsafe.As<RawData>(obj).Data;
        }

        internal static void RhUnboxNullable(ref byte destination, MethodTable* nullableType, object obj)
        {
            MethodTable* underlying = nullableType->GetGenericArgument(0);
            uint offset = NullableValueOffset(nullableType);
            SpanHelpers.ClearBytes((byte*)Unsafe.AsPointer(ref destination), nullableType->ValueTypeSize);
            if (obj is null) return;
            ref byte value = ref RhUnbox2(underlying, obj);
            destination = 1;
            SpanHelpers.MoveBytes((byte*)Unsafe.AsPointer(ref Unsafe.Add(ref destination, offset)), (byte*)Unsafe.AsPointer(ref value), underlying->ValueTypeSize);
        }

        // Unboxing is allowed to the exact type, and between an enum and its underlying integer (as in the CLR).
        internal static void RhUnboxTypeTest(MethodTable* type, MethodTable* boxType)
        {
            if (type == boxType) return;
            if (type->IsPrimitive && boxType->IsPrimitive && type->ElementType == boxType->ElementType) return;
            throw new InvalidCastException("Unable to cast object of type '" + TypeNames.FullName(boxType)
                                           + "' to type '" + TypeNames.FullName(type) + "'.");
        }

        // Where Nullable<T>'s value starts: after the bool, aligned to the value (ilc keeps log2 of it in the flags).
        private static uint NullableValueOffset(MethodTable* nullableType) => 1u << (int)((nullableType->Flags & 0x700) >> 8);
    }
}
