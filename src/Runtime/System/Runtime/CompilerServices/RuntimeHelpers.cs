// Helpers the compiler and the BCL shape call into.
using Internal.Runtime;

namespace System.Runtime.CompilerServices
{
    public static unsafe class RuntimeHelpers
    {
        // `new int[] { 1, 2, 3 }`: ilc usually expands this inline; when it does not, copy the field's RVA data.
        [Intrinsic]
        public static void InitializeArray(Array array, RuntimeFieldHandle fldHandle)
            => ThrowHelper.ThrowNotSupportedException("RuntimeHelpers.InitializeArray was not expanded by the compiler.");

        [Intrinsic]
        public static bool IsReferenceOrContainsReferences<T>() => throw null;

        [Intrinsic]
        public static bool IsKnownConstant(int t) => false;

        public static int OffsetToStringData => sizeof(nint) + sizeof(int);

        // Identity hash: the object's address, scrambled. Objects never move (no compacting collector yet);
        // a moving collector must move this into the object header.
        public static int GetHashCode(object o)
        {
            if (o is null) return 0;
            ulong address = (ulong)Unsafe.AsPointer(ref Unsafe.As<RawData>(o).Data);
            address = (address ^ (address >> 29)) * 0xBF58476D1CE4E5B9UL;
            return (int)(address ^ (address >> 32));
        }

        public static new bool Equals(object o1, object o2) => o1 == o2 || (o1 is not null && o1.Equals(o2));

        internal static nuint GetObjectSize(object o)
        {
            MethodTable* mt = o.m_pEEType;
            nuint size = mt->BaseSize;
            if (mt->HasComponentSize) size += (nuint)Unsafe.As<RawArrayData>(o).Length * mt->ComponentSize;
            return size;
        }
    }
}
