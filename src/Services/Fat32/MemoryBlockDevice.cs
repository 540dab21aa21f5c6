// A block device over a byte array: a RAM disk, and the host tests' disk image. A started read is done at once into
// a copy that EndRead hands over, so what it returns is what the device held when the read began.
using System;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    public sealed class MemoryBlockDevice : IBlockDevice
    {
        private readonly byte[] _data;
        private readonly Dictionary<int, byte[]> _started = new Dictionary<int, byte[]>();
        private int _nextTicket;

        /// <summary>A device over <paramref name="data"/> (not copied); a partial last sector is not part of it.</summary>
        public MemoryBlockDevice(byte[] data, int sectorSize = 512)
        {
            if (data is null) throw new ArgumentNullException(nameof(data));
            if (sectorSize < 512 || sectorSize > 4096 || (sectorSize & (sectorSize - 1)) != 0)
                throw new ArgumentOutOfRangeException(nameof(sectorSize));
            _data = data;
            SectorSize = sectorSize;
        }

        public byte[] Data => _data;

        public int SectorSize { get; }

        public long SectorCount => _data.Length / SectorSize;

        /// <summary>How many times <see cref="Flush"/> was called (tests check write-back).</summary>
        public int Flushes { get; private set; }

        /// <summary>How many read requests it served.</summary>
        public int Reads { get; private set; }

        /// <summary>How many sectors were written.</summary>
        public long SectorsWritten { get; private set; }

        public void Read(long sector, Span<byte> buffer)
        {
            int offset = Check(sector, buffer.Length);
            new ReadOnlySpan<byte>(_data, offset, buffer.Length).CopyTo(buffer);
            Reads++;
        }

        public void Write(long sector, ReadOnlySpan<byte> data)
        {
            int offset = Check(sector, data.Length);
            data.CopyTo(new Span<byte>(_data, offset, data.Length));
            SectorsWritten += data.Length / SectorSize;
        }

        public int BeginRead(long sector, int count)
        {
            var copy = new byte[count * SectorSize];
            Read(sector, copy);
            _started[_nextTicket] = copy;
            return _nextTicket++;
        }

        public void EndRead(int ticket, Span<byte> into)
        {
            if (!_started.TryGetValue(ticket, out byte[] copy) || copy.Length != into.Length)
                throw new ArgumentException("no started read of " + into.Length + " bytes has ticket " + ticket);
            _started.Remove(ticket);
            new ReadOnlySpan<byte>(copy).CopyTo(into);
        }

        public void BeginWrite(long sector, ReadOnlySpan<byte> data) => Write(sector, data);

        /// <summary>Reads started and not yet ended.</summary>
        public int Started => _started.Count;

        public void Flush() => Flushes++;

        private int Check(long sector, int length)
        {
            if (length % SectorSize != 0)
                throw new FileSystemException(FileSystemError.IoError, "a transfer of " + length + " bytes is not whole sectors of " + SectorSize);
            long count = length / SectorSize;
            if (sector < 0 || sector > SectorCount - count)
                throw new FileSystemException(FileSystemError.IoError, "sectors " + sector + ".." + (sector + count - 1) + " are beyond the device's " + SectorCount);
            return (int)(sector * SectorSize);
        }
    }
}
