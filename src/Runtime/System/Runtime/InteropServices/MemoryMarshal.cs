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

namespace System.Buffers.Binary
{
    // Fixed-width integers at explicit byte order: device trees are big-endian, ACPI and PVH little-endian.
    public static class BinaryPrimitives
    {
        public static ushort ReverseEndianness(ushort value) => (ushort)((value >> 8) | (value << 8));

        public static uint ReverseEndianness(uint value)
            => (value >> 24) | ((value >> 8) & 0xFF00) | ((value << 8) & 0xFF0000) | (value << 24);

        public static ulong ReverseEndianness(ulong value)
            => ((ulong)ReverseEndianness((uint)value) << 32) | ReverseEndianness((uint)(value >> 32));

        public static ushort ReadUInt16LittleEndian(ReadOnlySpan<byte> source) => Runtime.InteropServices.MemoryMarshal.Read<ushort>(source);
        public static uint ReadUInt32LittleEndian(ReadOnlySpan<byte> source) => Runtime.InteropServices.MemoryMarshal.Read<uint>(source);
        public static ulong ReadUInt64LittleEndian(ReadOnlySpan<byte> source) => Runtime.InteropServices.MemoryMarshal.Read<ulong>(source);
        public static int ReadInt32LittleEndian(ReadOnlySpan<byte> source) => Runtime.InteropServices.MemoryMarshal.Read<int>(source);
        public static ushort ReadUInt16BigEndian(ReadOnlySpan<byte> source) => ReverseEndianness(ReadUInt16LittleEndian(source));
        public static uint ReadUInt32BigEndian(ReadOnlySpan<byte> source) => ReverseEndianness(ReadUInt32LittleEndian(source));
        public static ulong ReadUInt64BigEndian(ReadOnlySpan<byte> source) => ReverseEndianness(ReadUInt64LittleEndian(source));

        public static void WriteUInt16LittleEndian(Span<byte> destination, ushort value) => Runtime.InteropServices.MemoryMarshal.Write(destination, in value);
        public static void WriteUInt32LittleEndian(Span<byte> destination, uint value) => Runtime.InteropServices.MemoryMarshal.Write(destination, in value);
        public static void WriteUInt64LittleEndian(Span<byte> destination, ulong value) => Runtime.InteropServices.MemoryMarshal.Write(destination, in value);
        public static void WriteUInt32BigEndian(Span<byte> destination, uint value) => WriteUInt32LittleEndian(destination, ReverseEndianness(value));
        public static void WriteUInt64BigEndian(Span<byte> destination, ulong value) => WriteUInt64LittleEndian(destination, ReverseEndianness(value));
    }
}

namespace System.Runtime.InteropServices
{
    // Known to ilc by name; Helios has no dynamic interface casting, so nothing implements it.
    public interface IDynamicInterfaceCastable
    {
        bool IsInterfaceImplemented(RuntimeTypeHandle interfaceType, bool throwIfNotImplemented);

        RuntimeTypeHandle GetInterfaceImplementation(RuntimeTypeHandle interfaceType);

        internal static nint GetDynamicInterfaceImplementation(IDynamicInterfaceCastable instance, nint interfaceType, ushort slot)
        {
            ThrowHelper.ThrowNotSupportedException("IDynamicInterfaceCastable is not supported.");
            return 0;
        }
    }
}
