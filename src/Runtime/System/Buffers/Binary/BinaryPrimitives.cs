// Fixed-width integers at explicit byte order: device trees are big-endian, ACPI and PVH little-endian.
namespace System.Buffers.Binary
{
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
