// Reinterpreting spans: how parsers read binary structures (boot information, device trees, ACPI tables).
using System.Runtime.CompilerServices;

namespace System.Runtime.InteropServices
{
    public static class MemoryMarshal
    {
        public static ref T GetReference<T>(Span<T> span) => ref span._reference;

        public static ref T GetReference<T>(ReadOnlySpan<T> span) => ref span._reference;

        public static ref T GetArrayDataReference<T>(T[] array) => ref MemoryMarshalHelpers.ArrayData(array);

        public static Span<T> CreateSpan<T>(ref T reference, int length) => new Span<T>(ref reference, length);

        public static ReadOnlySpan<T> CreateReadOnlySpan<T>(scoped ref readonly T reference, int length)
            => new ReadOnlySpan<T>(ref Unsafe.AsRef(in reference), length);

        public static Span<byte> AsBytes<T>(Span<T> span) where T : struct
            => new Span<byte>(ref Unsafe.As<T, byte>(ref span._reference), checked(span.Length * Unsafe.SizeOf<T>()));

        public static ReadOnlySpan<byte> AsBytes<T>(ReadOnlySpan<T> span) where T : struct
            => new ReadOnlySpan<byte>(ref Unsafe.As<T, byte>(ref span._reference), checked(span.Length * Unsafe.SizeOf<T>()));

        public static Span<TTo> Cast<TFrom, TTo>(Span<TFrom> span) where TFrom : struct where TTo : struct
            => new Span<TTo>(ref Unsafe.As<TFrom, TTo>(ref span._reference), (int)((long)span.Length * Unsafe.SizeOf<TFrom>() / Unsafe.SizeOf<TTo>()));

        public static ReadOnlySpan<TTo> Cast<TFrom, TTo>(ReadOnlySpan<TFrom> span) where TFrom : struct where TTo : struct
            => new ReadOnlySpan<TTo>(ref Unsafe.As<TFrom, TTo>(ref span._reference), (int)((long)span.Length * Unsafe.SizeOf<TFrom>() / Unsafe.SizeOf<TTo>()));

        public static T Read<T>(ReadOnlySpan<byte> source) where T : struct
        {
            if (Unsafe.SizeOf<T>() > source.Length) ThrowHelper.ThrowArgumentOutOfRangeException("length");
            return Unsafe.ReadUnaligned<T>(ref source._reference);
        }

        public static void Write<T>(Span<byte> destination, in T value) where T : struct
        {
            if (Unsafe.SizeOf<T>() > destination.Length) ThrowHelper.ThrowArgumentOutOfRangeException("length");
            Unsafe.WriteUnaligned(ref destination._reference, value);
        }
    }
}
