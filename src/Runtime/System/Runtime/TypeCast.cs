// Casting: `is`, `as`, casts and array-store checks. ilc calls these methods (its contract: this class, these names)
// when it cannot decide a cast at compile time.
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System.Runtime
{
    internal static unsafe class TypeCast
    {
        internal static object IsInstanceOfClass(MethodTable* target, object obj)
        {
            if (obj is null) return null;
            for (MethodTable* mt = obj.m_pEEType; mt != null; mt = mt->BaseType)
                if (mt == target) return obj;
            return obj.m_pEEType->IsArray && AreTypesAssignable(obj.m_pEEType, target) ? obj : null;
        }
        internal static object IsInstanceOfInterface(MethodTable* target, object obj)
            => obj is not null && ImplementsInterface(obj.m_pEEType, target) ? obj : null;
        internal static object IsInstanceOfAny(MethodTable* target, object obj)
            => obj is not null && AreTypesAssignable(obj.m_pEEType, target) ? obj : null;
        internal static bool IsInstanceOfException(MethodTable* target, object obj)
            => obj is not null && AreTypesAssignable(obj.m_pEEType, target);
        internal static object CheckCastClass(MethodTable* target, object obj)
            => obj is null || IsInstanceOfClass(target, obj) is not null ? obj : ThrowInvalidCast(obj, target);
        internal static object CheckCastClassSpecial(MethodTable* target, object obj) => CheckCastClass(target, obj);
        internal static object CheckCastInterface(MethodTable* target, object obj)
            => obj is null || ImplementsInterface(obj.m_pEEType, target) ? obj : ThrowInvalidCast(obj, target);
        internal static object CheckCastAny(MethodTable* target, object obj)
            => obj is null || AreTypesAssignable(obj.m_pEEType, target) ? obj : ThrowInvalidCast(obj, target);

        // Storing into an array of references checks that the value fits the element type (array covariance).
        internal static void StelemRef(object[] array, nint index, object value)
        {
            if ((nuint)index >= (nuint)array.Length) throw new IndexOutOfRangeException();
            ref object element = ref Unsafe.As<byte, object>(ref Unsafe.Add(ref Unsafe.As<RawArrayData>(array).Data, index * sizeof(nint)));
            if (value is not null)
            {
                MethodTable* elementType = array.m_pEEType->RelatedParameterType;
                if (value.m_pEEType != elementType && !AreTypesAssignable(value.m_pEEType, elementType))
                    throw new ArrayTypeMismatchException();
            }
            element = value;
        }

        // `ref array[i]` on an array of references: the element type must match exactly (a covariant store through
        // the reference would otherwise escape the check above).
        internal static ref object LdelemaRef(object[] array, nint index, MethodTable* elementType)
        {
            if ((nuint)index >= (nuint)array.Length) throw new IndexOutOfRangeException();
            if (array.m_pEEType->RelatedParameterType != elementType) throw new ArrayTypeMismatchException();
            return ref Unsafe.As<byte, object>(ref Unsafe.Add(ref Unsafe.As<RawArrayData>(array).Data, index * sizeof(nint)));
        }

        // ilc's accessors of multi-dimensional arrays of references compare element types with this (`ref a[i, j]`).
        internal static bool AreTypesEquivalent(MethodTable* first, MethodTable* second) => first == second;

        internal static bool AreTypesAssignable(MethodTable* source, MethodTable* target)
        {
            if (source == target) return true;
            if (target->IsInterface) return ImplementsInterface(source, target);
            if (source->IsArray && target->IsArray)
                return source->BaseSize == target->BaseSize
                       && AreElementTypesCompatible(source->RelatedParameterType, target->RelatedParameterType);
            if (target->IsNullable && source->IsValueType)
                return target->GetGenericArgument(0) == source;
            for (MethodTable* mt = source->BaseType; mt != null; mt = mt->BaseType)
                if (mt == target) return true;
            return false;
        }

        // Array covariance: string[] is an object[]; int[] is only an int[] (or a uint[], same bits, as in the CLR).
        private static bool AreElementTypesCompatible(MethodTable* source, MethodTable* target)
        {
            if (source == target) return true;
            if (!source->IsValueType && !target->IsValueType) return AreTypesAssignable(source, target);
            return source->IsPrimitive && target->IsPrimitive && source->ValueTypeSize == target->ValueTypeSize
                   && source->ElementType is >= EETypeElementType.SByte and <= EETypeElementType.UIntPtr
                   && target->ElementType is >= EETypeElementType.SByte and <= EETypeElementType.UIntPtr;
        }

        internal static bool ImplementsInterface(MethodTable* source, MethodTable* target)
        {
            if (source == target) return true;
            MethodTable** map = source->InterfaceMap;
            for (int i = 0; i < source->NumInterfaces; i++)
                if (map[i] == target) return true;
            if (!target->HasGenericVariance && !source->IsArray) return false;
            for (int i = 0; i < source->NumInterfaces; i++)
                if (IsVariantCompatible(map[i], target)) return true;
            // T[] is an IList<U> when T[] is a U[] (array covariance through the generic interfaces).
            if (source->IsSzArray && target->IsGeneric && target->GenericArity == 1 && !source->RelatedParameterType->IsValueType)
            {
                MethodTable* element = target->GetGenericArgument(0);
                if (element->IsValueType || !AreTypesAssignable(source->RelatedParameterType, element)) return false;
                for (int i = 0; i < source->NumInterfaces; i++)
                    if (map[i]->IsGeneric && map[i]->GenericDefinition == target->GenericDefinition) return true;
            }
            return false;
        }

        // IEnumerable<string> is an IEnumerable<object>: same generic definition, and each argument related as its
        // parameter's variance allows (reference types only).
        internal static bool IsVariantCompatible(MethodTable* source, MethodTable* target)
        {
            if (source == target) return true;
            if (!source->IsGeneric || !target->IsGeneric || source->GenericDefinition != target->GenericDefinition) return false;
            if (!target->HasGenericVariance) return false;
            uint arity = target->GenericArity;
            for (int i = 0; i < arity; i++)
            {
                MethodTable* s = source->GetGenericArgument(i);
                MethodTable* t = target->GetGenericArgument(i);
                if (s == t) continue;
                switch (target->GetGenericVariance(i))
                {
                    case GenericVariance.Covariant:
                        if (s->IsValueType || !AreTypesAssignable(s, t)) return false;
                        break;
                    case GenericVariance.Contravariant:
                        if (t->IsValueType || !AreTypesAssignable(t, s)) return false;
                        break;
                    default:
                        return false;
                }
            }
            return true;
        }

        private static object ThrowInvalidCast(object obj, MethodTable* target)
            => throw new InvalidCastException("Unable to cast object of type '" + TypeNames.FullName(obj.m_pEEType)
                                              + "' to type '" + TypeNames.FullName(target) + "'.");
    }
}
