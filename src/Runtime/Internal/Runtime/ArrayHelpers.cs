// Multi-dimensional arrays (`new int[m, n]`): ilc calls these by class and method name (its contract) for `newobj`
// of an array type. Such an array is laid out as ilc's element accessors (Get, Set, Address) expect: the MethodTable,
// the total element count (padded to 8 bytes), one length per dimension, one lower bound (always 0) per dimension,
// then the elements in row-major order; the MethodTable's base size covers everything before the elements.
using System;
using System.Runtime;

namespace Internal.Runtime.CompilerHelpers
{
    internal static unsafe class ArrayHelpers
    {
        // A multi-dimensional array type's constructor: one length per dimension (or a lower bound and a length per
        // dimension, lower bounds other than 0 refused as the BCL's NativeAOT does).
        public static Array NewObjArray(MethodTable* type, int dimensionCount, int* dimensions)
            => NewObjArrayRare(type, dimensionCount, dimensions);

        // Also a jagged array's constructor with several lengths (`newobj int32[][]::.ctor(int32, int32)`), which
        // allocates every level.
        public static Array NewObjArrayRare(MethodTable* type, int dimensionCount, int* dimensions)
        {
            if (type->IsSzArray)
            {
                Array array = (Array)RuntimeExports.NewArrayOrString(type, dimensions[0]);
                if (dimensionCount > 1)
                {
                    object[] inner = (object[])(object)array;
                    for (int i = 0; i < inner.Length; i++)
                        inner[i] = NewObjArrayRare(type->RelatedParameterType, dimensionCount - 1, dimensions + 1);
                }
                return array;
            }
            int rank = type->ArrayRank;
            if (dimensionCount == 2 * rank)
            {
                for (int i = 0; i < rank; i++)
                {
                    if (dimensions[2 * i] != 0) throw new PlatformNotSupportedException("Arrays with non-zero lower bounds are not supported.");
                    dimensions[i] = dimensions[2 * i + 1];
                }
            }
            else if (dimensionCount != rank) throw new ArgumentException("The number of lengths does not match the array's rank.");
            return NewMultiDimensional(type, rank, dimensions);
        }

        private static Array NewMultiDimensional(MethodTable* type, int rank, int* lengths)
        {
            ulong total = 1;
            for (int i = 0; i < rank; i++)
            {
                if (lengths[i] < 0) throw new OverflowException();
                total *= (ulong)lengths[i];
                if (total > int.MaxValue) throw new OutOfMemoryException();
            }
            Array array = (Array)RuntimeExports.NewArrayOrString(type, (int)total);
            int* bounds = array.MultiDimensionalBounds;
            for (int i = 0; i < rank; i++) bounds[i] = lengths[i];     // the lower bounds after them stay 0
            return array;
        }
    }
}
