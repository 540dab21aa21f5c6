// Memory a driver's device may read and write (docs/services.md): physically contiguous and zeroed, with the physical
// address to give the device. The driver has no pointers, so it reads and writes the buffer through the kernel,
// which checks every range (src/Kernel/Processes/ProcessDeviceAbi.cs); a range outside the buffer kills the driver.
using System;
using System.Buffers.Binary;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Helios.Sip
{
    public sealed unsafe class DmaBuffer
    {
        private readonly int _handle;

        private DmaBuffer(int handle, ulong physical, int length)
        {
            _handle = handle;
            PhysicalAddress = physical;
            Length = length;
        }

        /// <summary>The address the device uses for the buffer's first byte.</summary>
        public ulong PhysicalAddress { get; }

        public int Length { get; }

        /// <summary>A zeroed buffer of bytes, or null when the process's heap limit (which counts it) or memory says no.</summary>
        public static DmaBuffer Allocate(int bytes)
        {
            if (bytes <= 0) throw new ArgumentOutOfRangeException(nameof(bytes));
            ulong physical;
            int handle = DmaAllocate((ulong)bytes, &physical);
            return handle < 0 ? null : new DmaBuffer(handle, physical, bytes);
        }

        public void Read(int offset, Span<byte> destination)
        {
            fixed (byte* at = destination) DmaCopy(_handle, (ulong)(uint)offset, at, destination.Length, 0);
        }

        public void Write(int offset, ReadOnlySpan<byte> source)
        {
            fixed (byte* at = source) DmaCopy(_handle, (ulong)(uint)offset, at, source.Length, 1);
        }

        public ushort ReadUInt16(int offset)
        {
            Span<byte> bytes = stackalloc byte[2];
            Read(offset, bytes);
            return BinaryPrimitives.ReadUInt16LittleEndian(bytes);
        }

        public uint ReadUInt32(int offset)
        {
            Span<byte> bytes = stackalloc byte[4];
            Read(offset, bytes);
            return BinaryPrimitives.ReadUInt32LittleEndian(bytes);
        }

        public void WriteUInt16(int offset, ushort value)
        {
            Span<byte> bytes = stackalloc byte[2];
            BinaryPrimitives.WriteUInt16LittleEndian(bytes, value);
            Write(offset, bytes);
        }

        public void WriteUInt32(int offset, uint value)
        {
            Span<byte> bytes = stackalloc byte[4];
            BinaryPrimitives.WriteUInt32LittleEndian(bytes, value);
            Write(offset, bytes);
        }

        public void WriteUInt64(int offset, ulong value)
        {
            Span<byte> bytes = stackalloc byte[8];
            BinaryPrimitives.WriteUInt64LittleEndian(bytes, value);
            Write(offset, bytes);
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_dma_allocate")]
        private static extern int DmaAllocate(ulong bytes, ulong* physical);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("helios_dma_copy")]
        private static extern void DmaCopy(int handle, ulong offset, byte* data, int count, int toBuffer);
    }
}
