// The root of every type. Its one field is the MethodTable pointer ilc's object layout begins with.
using System.Runtime.CompilerServices;
using System.Runtime;
using Internal.Runtime;

namespace System
{
    public class Object
    {
        // ilc's contract: the first field of every object is its MethodTable.
        internal unsafe MethodTable* m_pEEType;

        public Object() { }

        public virtual string ToString() => GetType().FullName;

        public virtual bool Equals(object obj) => ReferenceEquals(this, obj);

        public virtual int GetHashCode() => RuntimeHelpers.GetHashCode(this);

        public static bool ReferenceEquals(object objA, object objB) => objA == objB;

        public static bool Equals(object objA, object objB)
        {
            if (objA == objB) return true;
            if (objA is null || objB is null) return false;
            return objA.Equals(objB);
        }

        public unsafe Type GetType() => RuntimeType.Of(m_pEEType);

        protected unsafe object MemberwiseClone()
        {
            MethodTable* mt = m_pEEType;
            object clone = mt->HasComponentSize
                ? RuntimeExports.NewArrayOrString(mt, Unsafe.As<RawArrayData>(this).Length)
                : RuntimeExports.NewObject(mt);
            // The object's size counts its header and MethodTable pointer; the fields start after both.
            nuint size = RuntimeHelpers.GetObjectSize(this) - (nuint)(2 * sizeof(nint));
            Unsafe.CopyBlock(ref Unsafe.As<RawData>(clone).Data, ref Unsafe.As<RawData>(this).Data, (uint)size);
            return clone;
        }

        ~Object() { }
    }
}

namespace System.Runtime.CompilerServices
{
    // Views of an object's body after the MethodTable pointer.
    internal class RawData
    {
        public byte Data;
    }

    internal class RawArrayData
    {
        public int Length;
        public int Padding;
        public byte Data;
    }
}
