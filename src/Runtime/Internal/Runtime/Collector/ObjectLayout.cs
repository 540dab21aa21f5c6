// What the collector reads of an object without the MethodTable struct (so host tests can fabricate objects): an
// object is its MethodTable pointer, then its fields; its header word is the word before it; arrays and strings keep
// their length (32 bits) right after the MethodTable pointer. The MethodTable's first word holds the flags (and the
// component size in its low 16 bits), the second the base size, which counts the header word.
namespace Internal.Runtime.Collector
{
    internal static unsafe class ObjectLayout
    {
        /// <summary>The least memory an object takes: header, MethodTable, one word (ilc's minimum too).</summary>
        public const nuint MinimumSize = 24;

        public const nuint Alignment = 8;

        // The object's extent is [object - HeaderSize, object + size - HeaderSize).
        public const nuint HeaderSize = 8;

        private const uint HasComponentSizeFlag = 0x80000000;
        private const uint HasPointersFlag = 0x01000000;

        public static byte* MethodTableOf(byte* obj) => *(byte**)obj;

        public static bool ContainsPointers(byte* methodTable) => (*(uint*)methodTable & HasPointersFlag) != 0;

        /// <summary>Base size plus the elements, not rounded (what the GCDesc's series are relative to).</summary>
        public static nuint ExactSize(byte* obj)
        {
            byte* mt = MethodTableOf(obj);
            uint flags = *(uint*)mt;
            nuint size = *(uint*)(mt + 4);
            if ((flags & HasComponentSizeFlag) != 0) size += (nuint)(*(uint*)(obj + 8)) * (ushort)flags;
            return size;
        }

        /// <summary>The memory the object occupies in the heap (its exact size rounded up to 8).</summary>
        public static nuint HeapSize(byte* obj)
        {
            nuint size = (ExactSize(obj) + Alignment - 1) & ~(Alignment - 1);
            return size < MinimumSize ? MinimumSize : size;
        }

        /// <summary>How much heap an object of this type and length takes (as the allocator rounds it).</summary>
        public static nuint HeapSize(uint baseSize, ushort componentSize, uint length)
        {
            nuint size = (baseSize + (nuint)length * componentSize + Alignment - 1) & ~(Alignment - 1);
            return size < MinimumSize ? MinimumSize : size;
        }
    }
}
