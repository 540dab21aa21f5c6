// Enums format as their numeric value: names would need metadata that images do not carry.
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    public abstract class Enum : ValueType, IComparable
    {
        public override unsafe string ToString()
        {
            MethodTable* mt = m_pEEType;
            ref byte data = ref Unsafe.As<RawData>(this).Data;
            return mt->ElementType switch
            {
                EETypeElementType.SByte => Unsafe.As<byte, sbyte>(ref data).ToString(),
                EETypeElementType.Byte or EETypeElementType.Boolean => data.ToString(),
                EETypeElementType.Int16 => Unsafe.As<byte, short>(ref data).ToString(),
                EETypeElementType.UInt16 or EETypeElementType.Char => Unsafe.As<byte, ushort>(ref data).ToString(),
                EETypeElementType.Int32 => Unsafe.As<byte, int>(ref data).ToString(),
                EETypeElementType.UInt32 => Unsafe.As<byte, uint>(ref data).ToString(),
                EETypeElementType.Int64 => Unsafe.As<byte, long>(ref data).ToString(),
                _ => Unsafe.As<byte, ulong>(ref data).ToString(),
            };
        }

        public override bool Equals(object obj) => obj is not null && obj.GetType() == GetType() && ToUInt64() == ((Enum)obj).ToUInt64();

        public override int GetHashCode() => ToUInt64().GetHashCode();

        public int CompareTo(object target) => target is null ? 1 : ToUInt64().CompareTo(((Enum)target).ToUInt64());

        public bool HasFlag(Enum flag) => (ToUInt64() & flag.ToUInt64()) == flag.ToUInt64();

        private unsafe ulong ToUInt64()
        {
            ref byte data = ref Unsafe.As<RawData>(this).Data;
            return m_pEEType->ValueTypeSize switch
            {
                1 => data,
                2 => Unsafe.As<byte, ushort>(ref data),
                4 => Unsafe.As<byte, uint>(ref data),
                _ => Unsafe.As<byte, ulong>(ref data),
            };
        }
    }
}
