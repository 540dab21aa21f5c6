// The client side of BlockDeviceContract as an IBlockDevice, so that a file system in a process runs over a block
// device process (a driver, a RAM disk) unchanged: each transfer lends the device an exchange-heap buffer.
using System;
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Fat32;

namespace Helios.Services.Storage
{
    public sealed class BlockDeviceClient : IBlockDevice
    {
        /// <summary>The most bytes one request carries (larger transfers take several).</summary>
        public const int MaxTransfer = 64 * 1024;

        private readonly BlockDeviceContract.Imp _device;
        private ExArray<byte> _spare;   // a buffer of MaxTransfer bytes kept between requests: allocating one zeroes it

        /// <summary>Takes over <paramref name="device"/>, a channel in its Start state, and reads the geometry it sends.</summary>
        public BlockDeviceClient(BlockDeviceContract.Imp device)
        {
            _device = device;
            if (device.WaitNext() != BlockDeviceContract.Descriptor.Message.Geometry)
                throw new FileSystemException(FileSystemError.IoError, "the block device did not send its geometry");
            device.ReceiveGeometry(out int sectorSize, out long sectorCount);
            if (sectorSize < 512 || sectorSize > 4096 || (sectorSize & (sectorSize - 1)) != 0 || sectorCount < 0)
                throw new FileSystemException(FileSystemError.IoError, "the block device's geometry (" + sectorSize + " B x " + sectorCount + ") is invalid");
            SectorSize = sectorSize;
            SectorCount = sectorCount;
        }

        public int SectorSize { get; }

        public long SectorCount { get; }

        public void Read(long sector, Span<byte> buffer)
        {
            int done = 0;
            while (done < buffer.Length)
            {
                int n = Math.Min(buffer.Length - done, MaxTransfer / SectorSize * SectorSize);
                ExArray<byte> lent = Lend(n);
                _device.SendRead(lent, sector + done / SectorSize);
                lent = Answer(n, "read", sector + done / SectorSize);
                lent.Span.CopyTo(buffer.Slice(done, n));
                Keep(lent, n);
                done += n;
            }
        }

        public void Write(long sector, ReadOnlySpan<byte> data)
        {
            int done = 0;
            while (done < data.Length)
            {
                int n = Math.Min(data.Length - done, MaxTransfer / SectorSize * SectorSize);
                ExArray<byte> lent = Lend(n);
                data.Slice(done, n).CopyTo(lent.Span);
                _device.SendWrite(lent, sector + done / SectorSize);
                Keep(Answer(n, "write", sector + done / SectorSize), n);
                done += n;
            }
        }

        // A buffer of exactly n bytes (the device transfers its whole length): the kept one when it fits.
        private ExArray<byte> Lend(int n)
        {
            if (n != MaxTransfer || _spare.IsNull) return ExArray<byte>.Allocate(n);
            ExArray<byte> spare = _spare;
            _spare = default;
            return spare;
        }

        private void Keep(ExArray<byte> lent, int n)
        {
            if (n == MaxTransfer && _spare.IsNull) _spare = lent;
            else lent.Free();
        }

        public void Flush()
        {
            _device.SendFlush();
            if (_device.WaitNext() == BlockDeviceContract.Descriptor.Message.Flushed)
            {
                _device.ReceiveFlushed();
                return;
            }
            _device.ReceiveFlushFailed(out int error);
            throw new FileSystemException(FileSystemError.IoError, "the block device failed to flush (error " + error + ")");
        }

        private ExArray<byte> Answer(int length, string what, long sector)
        {
            if (_device.WaitNext() == BlockDeviceContract.Descriptor.Message.Done)
            {
                _device.ReceiveDone(out ExArray<byte> back);
                return back;
            }
            _device.ReceiveFailed(out ExArray<byte> failed, out int error);
            failed.Free();
            throw new FileSystemException(FileSystemError.IoError, "the block device failed to " + what + " " + (length / SectorSize) + " sectors at " + sector + " (error " + error + ")");
        }
    }
}
