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

        // As the underlying type compares: signed types by their sign-extended value, and types narrower than int
        // give the difference (the BCL's CompareTo of sbyte, byte, short and ushort does).
        public unsafe int CompareTo(object target)
        {
            if (target is null) return 1;
            if (target.m_pEEType != m_pEEType)
                throw new ArgumentException("Object must be the same type as the enum. The type passed in was '" + target.GetType().FullName
                                            + "'; the enum type was '" + GetType().FullName + "'.");
            ulong a = ToUInt64(), b = ((Enum)target).ToUInt64();
            switch (m_pEEType->ElementType)
            {
                case EETypeElementType.SByte: return (sbyte)a - (sbyte)b;
                case EETypeElementType.Int16: return (short)a - (short)b;
                case EETypeElementType.Byte: case EETypeElementType.UInt16: case EETypeElementType.Char:
                case EETypeElementType.Boolean:
                    return (int)a - (int)b;
                case EETypeElementType.Int32: return ((int)a).CompareTo((int)b);
                case EETypeElementType.Int64: return ((long)a).CompareTo((long)b);
                default: return a.CompareTo(b);
            }
        }

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
