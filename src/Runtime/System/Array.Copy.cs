// Array.Copy: the ranges are checked first (source, then destination), then the element types decide how elements
// move: as bits when every source element is already a destination element (same type, a covariant up-cast such as
// string[] to object[], int[] to uint[]); one by one with a check when casting down or unboxing; one by one when
// boxing. Other pairs (int[] to string[], and the BCL's primitive widening such as int[] to long[]) are refused.
using System.Runtime;
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    public abstract partial class Array
    {
        public static void Copy(Array sourceArray, Array destinationArray, int length)
        {
            if (sourceArray is null) ThrowHelper.ThrowArgumentNullException("sourceArray");
            if (destinationArray is null) ThrowHelper.ThrowArgumentNullException("destinationArray");
            Copy(sourceArray, 0, destinationArray, 0, length);
        }

        public static unsafe void Copy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length)
        {
            if (sourceArray is null) ThrowHelper.ThrowArgumentNullException("sourceArray");
            if (destinationArray is null) ThrowHelper.ThrowArgumentNullException("destinationArray");
            if (length < 0) ThrowHelper.ThrowArgumentOutOfRangeException("length");
            if (sourceIndex < 0) ThrowHelper.ThrowArgumentOutOfRangeException("sourceIndex");
            if (destinationIndex < 0) ThrowHelper.ThrowArgumentOutOfRangeException("destinationIndex");
            if ((ulong)(uint)sourceIndex + (uint)length > (uint)sourceArray.Length)
                ThrowHelper.ThrowArgumentException("Source array was not long enough. Check the source index, length, and the array's lower bounds.", "sourceArray");
            if ((ulong)(uint)destinationIndex + (uint)length > (uint)destinationArray.Length)
                ThrowHelper.ThrowArgumentException("Destination array was not long enough. Check the destination index, length, and the array's lower bounds.", "destinationArray");

            MethodTable* sourceType = sourceArray.m_pEEType;
            MethodTable* destinationType = destinationArray.m_pEEType;
            if (sourceType == destinationType || TypeCast.AreTypesAssignable(sourceType, destinationType))
            {
                nuint elementSize = sourceType->ComponentSize;
                SpanHelpers.MoveBytes(ElementAddress(destinationArray, destinationIndex), ElementAddress(sourceArray, sourceIndex), (nuint)length * elementSize);
                return;
            }

            MethodTable* from = sourceType->RelatedParameterType;
            MethodTable* to = destinationType->RelatedParameterType;
            if (!from->IsValueType && !to->IsValueType && TypeCast.AreTypesAssignable(to, from))
                CopyCastingDown(Unsafe.As<object[]>(sourceArray), sourceIndex, Unsafe.As<object[]>(destinationArray), destinationIndex, length, to);
            else if (from->IsValueType && !to->IsValueType && TypeCast.AreTypesAssignable(from, to))
                CopyBoxing(sourceArray, sourceIndex, Unsafe.As<object[]>(destinationArray), destinationIndex, length, from);
            else if (!from->IsValueType && to->IsValueType && TypeCast.AreTypesAssignable(to, from))
                CopyUnboxing(Unsafe.As<object[]>(sourceArray), sourceIndex, destinationArray, destinationIndex, length, to);
            else
                throw new ArrayTypeMismatchException("Source array type cannot be assigned to destination array type.");
        }

        private static unsafe byte* ElementAddress(Array array, int index)
            => array.ElementData + (nuint)index * array.m_pEEType->ComponentSize;

        private static unsafe void CopyCastingDown(object[] source, int sourceIndex, object[] destination, int destinationIndex, int length, MethodTable* to)
        {
            for (int i = 0; i < length; i++)
            {
                object value = source[sourceIndex + i];
                if (value is not null && !TypeCast.AreTypesAssignable(value.m_pEEType, to))
                    throw new InvalidCastException("At least one element in the source array could not be cast down to the destination array type.");
                destination[destinationIndex + i] = value;
            }
        }

        private static unsafe void CopyBoxing(Array source, int sourceIndex, object[] destination, int destinationIndex, int length, MethodTable* from)
        {
            for (int i = 0; i < length; i++)
                destination[destinationIndex + i] = RuntimeExports.RhBox(from, ref *ElementAddress(source, sourceIndex + i));
        }

        private static unsafe void CopyUnboxing(object[] source, int sourceIndex, Array destination, int destinationIndex, int length, MethodTable* to)
        {
            for (int i = 0; i < length; i++)
            {
                object value = source[sourceIndex + i];
                byte* slot = ElementAddress(destination, destinationIndex + i);
                if (to->IsNullable)
                {
                    if (value is not null && !CanUnbox(value, to->GetGenericArgument(0))) ThrowCannotUnbox();
                    RuntimeExports.RhUnboxNullable(ref *slot, to, value);
                    continue;
                }
                if (value is null || !CanUnbox(value, to)) ThrowCannotUnbox();
                SpanHelpers.MoveBytes(slot, (byte*)Unsafe.AsPointer(ref Unsafe.As<RawData>(value).Data), to->ValueTypeSize);
            }
        }

        // The exact type, or an enum and its underlying integer (as unboxing allows).
        private static unsafe bool CanUnbox(object value, MethodTable* type)
        {
            MethodTable* boxed = value.m_pEEType;
            return boxed == type || (type->IsPrimitive && boxed->IsPrimitive && type->ElementType == boxed->ElementType);
        }

        private static void ThrowCannotUnbox()
            => throw new InvalidCastException("At least one element in the source array could not be cast down to the destination array type.");
    }
}
