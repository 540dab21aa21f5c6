// Checks ilc's generated code calls by class and method name (its contract) where they are not exports.
using Internal.Runtime;

namespace System.Runtime
{
    internal static unsafe class RuntimeImports
    {
        // A store into a multi-dimensional array of references (ilc's Set accessor): the value must fit the element
        // type, as StelemRef checks for T[] (array covariance).
        internal static void RhCheckArrayStore(object array, object obj)
        {
            if (obj is null) return;
            MethodTable* elementType = array.m_pEEType->RelatedParameterType;
            if (obj.m_pEEType != elementType && !TypeCast.AreTypesAssignable(obj.m_pEEType, elementType))
                throw new ArrayTypeMismatchException();
        }
    }
}
