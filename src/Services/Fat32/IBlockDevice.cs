// What the file system needs from a disk: fixed-size sectors read and written in ranges, and a flush.
using System;

namespace Helios.Services.Fat32
{
    /// <summary>A block device of <see cref="SectorCount"/> sectors of <see cref="SectorSize"/> bytes. Implementations
    /// throw <see cref="FileSystemException"/> with <see cref="FileSystemError.IoError"/> when a transfer fails.</summary>
    public interface IBlockDevice
    {
        int SectorSize { get; }

        long SectorCount { get; }

        /// <summary>Reads <c>buffer.Length / SectorSize</c> sectors starting at <paramref name="sector"/>.</summary>
        void Read(long sector, Span<byte> buffer);

        /// <summary>Writes <c>data.Length / SectorSize</c> sectors starting at <paramref name="sector"/>.</summary>
        void Write(long sector, ReadOnlySpan<byte> data);

        /// <summary>Returns once everything written before it is durable.</summary>
        void Flush();
    }
}
