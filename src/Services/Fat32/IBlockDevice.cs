// What the file system needs from a disk: fixed-size sectors read and written in ranges, and a flush; and, so that a
// read ahead or a write-back does not wait for the disk, requests started now and finished later (a device process
// has several in flight: BlockDeviceContract).
using System;

namespace Helios.Services.Fat32
{
    /// <summary>A block device of <see cref="SectorCount"/> sectors of <see cref="SectorSize"/> bytes. Implementations
    /// throw <see cref="FileSystemException"/> with <see cref="FileSystemError.IoError"/> when a transfer fails.
    /// Requests behave as if done in the order they were started: one that touches sectors an earlier unfinished write
    /// touches (or a write touching an earlier unfinished read's) waits for it.</summary>
    public interface IBlockDevice
    {
        int SectorSize { get; }

        long SectorCount { get; }

        /// <summary>Reads <c>buffer.Length / SectorSize</c> sectors starting at <paramref name="sector"/>.</summary>
        void Read(long sector, Span<byte> buffer);

        /// <summary>Writes <c>data.Length / SectorSize</c> sectors starting at <paramref name="sector"/>; returns once
        /// they are written (a failure is thrown here).</summary>
        void Write(long sector, ReadOnlySpan<byte> data);

        /// <summary>Starts reading <paramref name="count"/> sectors (at most <see cref="SectorCache.MaxRequestSectors"/>)
        /// from <paramref name="sector"/> without waiting for them; returns the ticket <see cref="EndRead"/> takes. A
        /// started read must be ended.</summary>
        int BeginRead(long sector, int count);

        /// <summary>Waits for the read <paramref name="ticket"/> names and copies its sectors into <paramref name="into"/>
        /// (exactly their length); throws when that read failed.</summary>
        void EndRead(int ticket, Span<byte> into);

        /// <summary>Starts writing <c>data.Length / SectorSize</c> sectors (at most
        /// <see cref="SectorCache.MaxRequestSectors"/>) from <paramref name="sector"/>: the data is taken before it
        /// returns, the write finishes later. Its failure is thrown by the next <see cref="Flush"/>.</summary>
        void BeginWrite(long sector, ReadOnlySpan<byte> data);

        /// <summary>Waits for every started request, then returns once everything written is durable; throws when a
        /// write since the last flush failed.</summary>
        void Flush();
    }
}
