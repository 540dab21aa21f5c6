namespace System
{
    public struct Nullable<T> where T : struct
    {
        // ilc's contract: hasValue first, value second.
        private readonly bool hasValue;
        internal T value;

        public Nullable(T value)
        {
            this.value = value;
            hasValue = true;
        }

        public readonly bool HasValue => hasValue;

        public readonly T Value
        {
            get
            {
                if (!hasValue) ThrowHelper.ThrowInvalidOperationException("Nullable object must have a value.");
                return value;
            }
        }

        public readonly T GetValueOrDefault() => value;

        public readonly T GetValueOrDefault(T defaultValue) => hasValue ? value : defaultValue;

        public override bool Equals(object other) => !hasValue ? other is null : other is not null && value.Equals(other);

        public override int GetHashCode() => hasValue ? value.GetHashCode() : 0;

        public override string ToString() => hasValue ? value.ToString() : "";

        public static implicit operator T?(T value) => new T?(value);

        public static explicit operator T(T? value) => value.Value;
    }

    public static class Nullable
    {
        public static Type GetUnderlyingType(Type nullableType) => null;
    }
}
