// The client side of BlockDeviceContract as an IBlockDevice, so that a file system in a process runs over a block
// device process (a driver, a RAM disk) unchanged: each transfer lends the device an exchange-heap buffer. Up to the
// contract's window of requests are outstanding at once, each under a tag (its slot here); the device answers them in
// any order. A request touching sectors that an outstanding write touches (or a write touching an outstanding read's)
// is sent only once that one is answered, so requests behave as if done in the order they were started.
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

        /// <summary>The most requests outstanding at once: BlockDeviceContract's window (Out1..Out8).</summary>
        public const int Window = 8;

        // A slot is free, or holds a request sent and not answered (Sent), or a read answered and not yet ended.
        private struct Request
        {
            public bool Busy, Sent, Write;
            public long Sector;
            public int Sectors;
            public ExArray<byte> Buffer;
            public int Error;
        }

        private readonly BlockDeviceContract.Imp _device;
        private readonly Request[] _requests = new Request[Window];
        private readonly ExArray<byte>[] _spares = new ExArray<byte>[Window];   // buffers of MaxTransfer bytes kept between requests: allocating one zeroes it
        private int _spareCount;
        private readonly int[] _readTickets = new int[Window / 2];   // Read's pieces in flight: half the window
        private int _outstanding;
        private string _writeFailure;                  // the first write since the last flush that failed

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

        /// <summary>The most requests this client had outstanding at once.</summary>
        public int MostOutstanding { get; private set; }

        private int Piece => MaxTransfer / SectorSize * SectorSize;

        /// <summary>Reads the sectors in pieces of up to 64 KiB, several in flight at once.</summary>
        public void Read(long sector, Span<byte> buffer)
        {
            int piece = Piece;
            int pieces = (buffer.Length + piece - 1) / piece;
            int[] tickets = _readTickets;
            int begun = 0, ended = 0;
            try
            {
                while (ended < pieces)
                {
                    while (begun < pieces && begun - ended < tickets.Length)
                    {
                        int at = begun * piece;
                        tickets[begun % tickets.Length] = BeginRead(sector + at / SectorSize, Math.Min(piece, buffer.Length - at) / SectorSize);
                        begun++;
                    }
                    int from = ended * piece;
                    int ticket = tickets[ended % tickets.Length];
                    ended++;
                    EndRead(ticket, buffer.Slice(from, Math.Min(piece, buffer.Length - from)));
                }
            }
            finally
            {
                // A failed piece: the others still end, so their slots and buffers come back.
                for (; ended < begun; ended++) Release(tickets[ended % tickets.Length]);
            }
        }

        /// <summary>Writes the sectors in pieces of up to 64 KiB, several in flight at once, and waits for them all.</summary>
        public void Write(long sector, ReadOnlySpan<byte> data)
        {
            int piece = Piece;
            for (int at = 0; at < data.Length; at += piece)
                BeginWrite(sector + at / SectorSize, data.Slice(at, Math.Min(piece, data.Length - at)));
            WaitForAll();
            TakeWriteFailure();
        }

        public int BeginRead(long sector, int count)
        {
            if (count <= 0 || count > Piece / SectorSize)
                throw new FileSystemException(FileSystemError.IoError, "a read of " + count + " sectors is not one request");
            return Send(write: false, sector, count);
        }

        public void EndRead(int ticket, Span<byte> into)
        {
            if (ticket < 0 || ticket >= Window || !_requests[ticket].Busy || _requests[ticket].Write || _requests[ticket].Sectors * SectorSize != into.Length)
                throw new InvalidOperationException("no started read of " + into.Length + " bytes has ticket " + ticket);
            while (_requests[ticket].Sent) TakeAnswer();
            ref Request request = ref _requests[ticket];
            if (request.Error != 0)
            {
                string message = "the block device failed to read " + request.Sectors + " sectors at " + request.Sector + " (error " + request.Error + ")";
                Free(ticket);
                throw new FileSystemException(FileSystemError.IoError, message);
            }
            request.Buffer.Span.CopyTo(into);
            Free(ticket);
        }

        public void BeginWrite(long sector, ReadOnlySpan<byte> data)
        {
            int count = data.Length / SectorSize;
            if (count <= 0 || data.Length % SectorSize != 0 || data.Length > Piece)
                throw new FileSystemException(FileSystemError.IoError, "a write of " + data.Length + " bytes is not one request of whole sectors");
            Send(write: true, sector, count, data);
        }

        public void Flush()
        {
            WaitForAll();
            _device.SendFlush();
            if (_device.WaitNext() == BlockDeviceContract.Descriptor.Message.Flushed) _device.ReceiveFlushed();
            else
            {
                _device.ReceiveFlushFailed(out int error);
                _writeFailure = null;
                throw new FileSystemException(FileSystemError.IoError, "the block device failed to flush (error " + error + ")");
            }
            TakeWriteFailure();
        }

        private void TakeWriteFailure()
        {
            if (_writeFailure is null) return;
            string failure = _writeFailure;
            _writeFailure = null;
            throw new FileSystemException(FileSystemError.IoError, failure);
        }

        // Sends a request from a free slot once nothing outstanding conflicts with it; returns its tag.
        private int Send(bool write, long sector, int count, ReadOnlySpan<byte> data = default)
        {
            while (Conflicting(write, sector, count)) TakeAnswer();
            int tag = FreeSlot();
            while (tag < 0)
            {
                if (_outstanding == 0) throw new InvalidOperationException("every request slot holds a read not yet ended");
                TakeAnswer();
                tag = FreeSlot();
            }
            ExArray<byte> lent = Lend(count * SectorSize);
            if (write) data.CopyTo(lent.Span);
            ref Request request = ref _requests[tag];
            request.Busy = true;
            request.Sent = true;
            request.Write = write;
            request.Sector = sector;
            request.Sectors = count;
            request.Error = 0;
            if (write) _device.SendWrite(lent, sector, tag);
            else _device.SendRead(lent, sector, tag);
            _outstanding++;
            if (_outstanding > MostOutstanding) MostOutstanding = _outstanding;
            return tag;
        }

        private bool Conflicting(bool write, long sector, int count)
        {
            for (int i = 0; i < Window; i++)
            {
                ref Request r = ref _requests[i];
                if (r.Sent && (write || r.Write) && sector < r.Sector + r.Sectors && r.Sector < sector + count) return true;
            }
            return false;
        }

        private int FreeSlot()
        {
            for (int i = 0; i < Window; i++) if (!_requests[i].Busy) return i;
            return -1;
        }

        private void WaitForAll()
        {
            while (_outstanding > 0) TakeAnswer();
        }

        // Asks for one answer and files it under its tag: a write's slot is free again (its failure kept for the next
        // flush), a read's holds its buffer until EndRead. A tag the device was not sent is a broken device.
        private void TakeAnswer()
        {
            _device.SendNext();
            ExArray<byte> back;
            int tag, error = 0;
            if (_device.WaitNext() == BlockDeviceContract.Descriptor.Message.Done) _device.ReceiveDone(out back, out tag);
            else _device.ReceiveFailed(out back, out tag, out error);
            if (tag < 0 || tag >= Window || !_requests[tag].Sent || back.IsNull || back.Length != _requests[tag].Sectors * SectorSize)
            {
                back.Free();
                throw new FileSystemException(FileSystemError.IoError, "the block device answered a request it was not sent (tag " + tag + ")");
            }
            ref Request request = ref _requests[tag];
            request.Sent = false;
            request.Buffer = back;
            request.Error = error == 0 ? 0 : Math.Max(1, error);
            _outstanding--;
            if (!request.Write) return;
            if (request.Error != 0 && _writeFailure is null)
                _writeFailure = "the block device failed to write " + request.Sectors + " sectors at " + request.Sector + " (error " + error + ")";
            Free(tag);
        }

        // Ends a read whose data is not wanted (another piece failed).
        private void Release(int ticket)
        {
            while (_requests[ticket].Sent) TakeAnswer();
            Free(ticket);
        }

        private void Free(int tag)
        {
            ref Request request = ref _requests[tag];
            Keep(request.Buffer, request.Sectors * SectorSize);
            request.Buffer = default;
            request.Busy = false;
        }

        // A buffer of exactly n bytes (the device transfers its whole length): a kept one when it fits.
        private ExArray<byte> Lend(int n)
        {
            if (n != MaxTransfer || _spareCount == 0) return ExArray<byte>.Allocate(n);
            ExArray<byte> spare = _spares[--_spareCount];
            _spares[_spareCount] = default;
            return spare;
        }

        private void Keep(ExArray<byte> buffer, int length)
        {
            if (buffer.IsNull) return;
            if (length == MaxTransfer && _spareCount < Window) _spares[_spareCount++] = buffer;
            else buffer.Free();
        }
    }
}
