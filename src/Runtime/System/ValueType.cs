// Base of all structs. Equality over fields needs reflection the runtime does not carry; structs that are compared
// implement IEquatable<T> (which EqualityComparer<T> uses without boxing).
namespace System
{
    public abstract class ValueType
    {
        public override bool Equals(object obj) => obj is not null && obj.GetType() == GetType() && RawEquals(obj);

        public override int GetHashCode() => GetType().GetHashCode();

        public override string ToString() => GetType().FullName;

        // Bitwise comparison of the boxed payloads: right for structs without references or padding, which is
        // what kernel structs are; types that need better override Equals.
        private unsafe bool RawEquals(object other)
        {
            nuint size = Runtime.CompilerServices.RuntimeHelpers.GetObjectSize(this) - (nuint)(2 * sizeof(nint));
            byte* a = (byte*)Runtime.CompilerServices.Unsafe.AsPointer(ref Runtime.CompilerServices.Unsafe.As<Runtime.CompilerServices.RawData>(this).Data);
            byte* b = (byte*)Runtime.CompilerServices.Unsafe.AsPointer(ref Runtime.CompilerServices.Unsafe.As<Runtime.CompilerServices.RawData>(other).Data);
            for (nuint i = 0; i < size; i++)
                if (a[i] != b[i]) return false;
            return true;
        }
    }
}
