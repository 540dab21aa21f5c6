// A write-back cache of sectors: reads fill it, writes only mark a sector dirty; a dirty sector reaches the device
// when it is evicted (clock replacement) or at Flush, in ascending sector order, with the dirty sectors contiguous
// with it in one request. Write-backs are started, not waited for (the device has several requests in flight, and
// Flush waits for them all); a sequential reader's next sectors are read ahead the same way, while the current ones
// go to the client. The sectors live in 64 KiB chunks allocated as the cache fills, not one array each: a cache
// of megabytes is then a few hundred objects for the collector to mark, not tens of thousands.
using System;
using System.Collections.Generic;

namespace Helios.Services.Fat32
{
    public sealed class SectorCache
    {
        private readonly IBlockDevice _device;
        private readonly long _limit;
        private readonly int _sectorSize;
        private readonly byte[][] _chunks;              // slot s is at (s % ChunkSlots) * _sectorSize in chunk s / ChunkSlots
        private readonly long[] _sector;
        private readonly bool[] _dirty;
        private readonly bool[] _referenced;
        private readonly SectorIndex _slots;
        private int _used;
        private byte[] _run;                            // WriteBack's staging for a run of sectors (one request)
        private byte[] _ahead;                          // staging for a read ahead's sectors on their way into the cache
        private const int MaxRun = 128;                 // 64 KiB of 512-byte sectors: BlockDeviceClient's largest request
        // Reads ahead in flight: at most two of a request each, in the order started. A sequential reader then always
        // has the next 64 KiB on its way while it consumes the current, and one more starts as the older one arrives.
        // Four (a 256 KiB window) measured slower under bench fs, not faster (docs/benchmarking.md).
        private const int MostReadsAhead = 2;
        private const int ReadAheadWindow = 2 * MaxRun; // how far past a request a sequential read is read ahead
        private readonly long[] _aheadSector = new long[MostReadsAhead];
        private readonly int[] _aheadCount = new int[MostReadsAhead];
        private readonly int[] _aheadTicket = new int[MostReadsAhead];
        private int _aheadPending;
        private long _aheadEnd;                         // where the last read ahead ended
        private const int ChunkSlots = 128;
        private readonly int _capacity;
        private int _hand;

        /// <summary>A cache of <paramref name="capacity"/> sectors of <paramref name="device"/>; sectors at or past
        /// <paramref name="limit"/> (the volume's end) are refused.</summary>
        public SectorCache(IBlockDevice device, long limit, int capacity)
        {
            if (capacity < 4) throw new ArgumentOutOfRangeException(nameof(capacity));
            _device = device;
            _limit = limit;
            _sectorSize = device.SectorSize;
            _capacity = capacity;
            _slots = new SectorIndex(capacity);
            _chunks = new byte[(capacity + ChunkSlots - 1) / ChunkSlots][];
            _sector = new long[capacity];
            _dirty = new bool[capacity];
            _referenced = new bool[capacity];
        }

        public int SectorSize => _sectorSize;

        public long Hits { get; private set; }

        public long Misses { get; private set; }

        /// <summary>Sectors read from the device ahead of a request and cached.</summary>
        public long ReadAhead { get; private set; }

        /// <summary>The most sectors one device request carries (64 KiB).</summary>
        public static int MaxRequestSectors => MaxRun;

        /// <summary>How many sectors past a sequential request are worth reading ahead (ReadSectors' ahead).</summary>
        public static int ReadAheadSectors => ReadAheadWindow;

        /// <summary>Reads ahead started and not yet taken into the cache.</summary>
        public int ReadsAheadInFlight => _aheadPending;

        public int DirtyCount
        {
            get
            {
                int n = 0;
                for (int i = 0; i < _used; i++) if (_dirty[i]) n++;
                return n;
            }
        }

        /// <summary>The sector's bytes, to read only, valid until the next call into the cache (which may evict it).</summary>
        public ReadOnlySpan<byte> Read(long sector) => Data(Slot(sector, load: true));

        /// <summary>The sector's bytes, to change: the sector is written back later. Valid until the next call.</summary>
        public Span<byte> Write(long sector)
        {
            int slot = Slot(sector, load: true);
            _dirty[slot] = true;
            return Data(slot);
        }

        /// <summary>The sector's bytes, all of which the caller is about to replace: not read from the device (a sector
        /// the cache did not hold reads as zeros, one it held as it was).</summary>
        public Span<byte> Overwrite(long sector)
        {
            int slot = Slot(sector, load: false);
            _dirty[slot] = true;
            return Data(slot);
        }

        private Span<byte> Data(int slot) => new Span<byte>(_chunks[slot / ChunkSlots], slot % ChunkSlots * _sectorSize, _sectorSize);

        /// <summary>Copies the sector into <paramref name="into"/> without caching it (a scan that would otherwise evict
        /// everything): the cached copy when there is one, else the device's.</summary>
        public void ReadThrough(long sector, byte[] into)
        {
            if (sector < 0 || sector >= _limit)
                throw FileSystemException.Corrupt("sector " + sector + " is outside the volume's " + _limit);
            if (_aheadPending > 0) SettleReadAhead(sector, sector + 1);
            if (_slots.TryGetValue(sector, out int slot)) Data(slot).CopyTo(into);
            else _device.Read(sector, into);
        }

        /// <summary>Reads <paramref name="count"/> whole sectors from <paramref name="sector"/> into <paramref name="into"/>:
        /// the cached ones from the cache (they may be newer than the device), each run of the others from the device
        /// in one request, without caching them: file data read once would otherwise evict the FAT and directories,
        /// and a request per sector costs a round trip to the driver each. <paramref name="ahead"/> sectors after the
        /// request continue the caller's file contiguously on the disk (a sequential read): up to
        /// <see cref="ReadAheadSectors"/> of them are read ahead, 64 KiB a request, started before this request's
        /// sectors are waited for and taken into the cache only when a request reaches them, so the disk works
        /// while the caller copies (Linux's readahead does the same).</summary>
        public void ReadSectors(long sector, int count, Span<byte> into, int ahead = 0)
        {
            if (sector < 0 || count < 0 || sector > _limit - count)
                throw FileSystemException.Corrupt("sectors " + sector + "+" + count + " are outside the volume's " + _limit);
            // Not past the volume, and never so far that what is read ahead would push the FAT and directories out.
            ahead = (int)Math.Max(0, Math.Min(Math.Min(Math.Min(ahead, ReadAheadWindow), _capacity / 8), _limit - sector - count));
            if (ahead > 0) StartReadAhead(sector + count, sector + count + ahead, shortOk: ahead < ReadAheadWindow);
            int i = 0;
            while (i < count)
            {
                if (_slots.TryGetValue(sector + i, out int slot))
                {
                    Hits++;
                    Data(slot).CopyTo(into.Slice(i * _sectorSize, _sectorSize));
                    i++;
                    continue;
                }
                int pending = _aheadPending > 0 ? Pending(sector + i) : -1;
                if (pending >= 0)
                {
                    i = TakeReadAhead(pending, sector, count, into);
                    continue;
                }
                int end = i + 1;
                while (end < count && !_slots.ContainsKey(sector + end) && (_aheadPending == 0 || Pending(sector + end) < 0)) end++;
                Misses += end - i;
                _device.Read(sector + i, into.Slice(i * _sectorSize, (end - i) * _sectorSize));
                i = end;
            }
        }

        // Starts reading ahead the first sectors in [from, windowEnd) neither cached nor already on their way, up to
        // a request's worth; a shorter run only when it reaches windowEnd and that is where the file's contiguous
        // sectors end (shortOk), else the window has not slid far enough yet and a later request starts a whole one.
        private void StartReadAhead(long from, long windowEnd, bool shortOk)
        {
            if (_aheadPending == MostReadsAhead) return;
            long s = from;
            if (_aheadEnd > from && _aheadEnd - from <= ReadAheadWindow)
            {
                // A sequential read: what lies before the last read ahead's end is cached or coming. (Further on, the
                // end is another read's, or this file's read before: a file read again starts over.)
                if (_aheadEnd >= windowEnd) return;
                s = _aheadEnd;
            }
            else if (_slots.ContainsKey(from)) return;      // a cached file (PostMark's): no scan of what it holds
            while (s < windowEnd && (_slots.ContainsKey(s) || Pending(s) >= 0)) s++;
            if (windowEnd - s < MaxRun && !shortOk) return;                    // not a whole request's worth yet
            int n = 0;
            while (n < MaxRun && s + n < windowEnd && !_slots.ContainsKey(s + n) && Pending(s + n) < 0) n++;
            if (n == 0 || (n < MaxRun && !(shortOk && s + n == windowEnd))) return;
            int ticket = _device.BeginRead(s, n);
            _aheadSector[_aheadPending] = s;
            _aheadCount[_aheadPending] = n;
            _aheadTicket[_aheadPending] = ticket;
            _aheadPending++;
            _aheadEnd = s + n;
        }

        // Waits for read ahead number `pending`, which holds sectors of the request (sector, count): those go straight
        // into `into` (a sector cached meanwhile from the cache, which may be newer), the rest into the cache, as
        // SettleReadAhead does. Returns the request's index past what it filled. Copying the request's part directly,
        // not through the cache, saves placing sectors that are read once (the copy out of the cache stays the same).
        private int TakeReadAhead(int pending, long sector, int count, Span<byte> into)
        {
            long first = _aheadSector[pending];
            int n = _aheadCount[pending];
            EndReadAhead(pending);
            long end = Math.Min(first + n, sector + count);
            for (int k = 0; k < n; k++)
            {
                long at = first + k;
                bool cached = _slots.TryGetValue(at, out int slot);
                if (at >= sector && at < end)
                {
                    Span<byte> to = into.Slice((int)(at - sector) * _sectorSize, _sectorSize);
                    if (cached) Data(slot).CopyTo(to);
                    else new ReadOnlySpan<byte>(_ahead, k * _sectorSize, _sectorSize).CopyTo(to);
                }
                else if (!cached)
                {
                    int placed = Place(at, load: false);
                    new ReadOnlySpan<byte>(_ahead, k * _sectorSize, _sectorSize).CopyTo(Data(placed));
                    _referenced[placed] = false;
                }
                ReadAhead++;
            }
            return (int)(end - sector);
        }

        // Takes read ahead number i off the list and waits for its sectors, into _ahead.
        private void EndReadAhead(int i)
        {
            int ticket = _aheadTicket[i];
            int n = _aheadCount[i];
            for (int k = i + 1; k < _aheadPending; k++)
            {
                _aheadSector[k - 1] = _aheadSector[k];
                _aheadCount[k - 1] = _aheadCount[k];
                _aheadTicket[k - 1] = _aheadTicket[k];
            }
            _aheadPending--;
            if (_ahead is null) _ahead = new byte[MaxRun * _sectorSize];
            _device.EndRead(ticket, new Span<byte>(_ahead, 0, n * _sectorSize));
        }

        // Which read ahead in flight holds the sector: -1 when none does.
        private int Pending(long sector)
        {
            for (int i = 0; i < _aheadPending; i++)
                if (sector >= _aheadSector[i] && sector < _aheadSector[i] + _aheadCount[i]) return i;
            return -1;
        }

        // Waits for each read ahead touching [from, to) and caches its sectors (clean, and not yet referenced: a sector
        // read ahead and never asked for goes first), except those cached meanwhile, which may be newer.
        private void SettleReadAhead(long from, long to)
        {
            int i = 0;
            while (i < _aheadPending)
            {
                long first = _aheadSector[i];
                int n = _aheadCount[i];
                if (first >= to || first + n <= from)
                {
                    i++;
                    continue;
                }
                EndReadAhead(i);
                for (int k = 0; k < n; k++)
                {
                    if (_slots.ContainsKey(first + k)) continue;
                    int placed = Place(first + k, load: false);
                    new ReadOnlySpan<byte>(_ahead, k * _sectorSize, _sectorSize).CopyTo(Data(placed));
                    _referenced[placed] = false;
                    ReadAhead++;
                }
            }
        }

        /// <summary>Takes <paramref name="count"/> sectors from <paramref name="sector"/> out of the cache, writing the dirty
        /// ones back first; their slots are taken first for what is loaded next.</summary>
        public void Forget(long sector, int count)
        {
            if (_aheadPending > 0) SettleReadAhead(sector, sector + count);
            for (long s = sector; s < sector + count; s++)
            {
                if (!_slots.TryGetValue(s, out int slot)) continue;
                if (_dirty[slot]) WriteBack(s);
                _slots.Remove(s);
                ReleaseEmpty(slot);
            }
        }

        /// <summary>Writes every dirty sector back, lowest first, several runs in flight at once, then flushes the
        /// device (which waits for them all); reads ahead in flight are taken into the cache first.</summary>
        public void Flush()
        {
            if (_aheadPending > 0) SettleReadAhead(long.MinValue, long.MaxValue);
            var dirty = new List<long>();
            for (int i = 0; i < _used; i++) if (_dirty[i]) dirty.Add(_sector[i]);
            dirty.Sort();
            foreach (long sector in dirty)
                if (_dirty[_slots[sector]]) WriteBack(sector);
            _device.Flush();
        }

        private int Slot(long sector, bool load)
        {
            if (sector < 0 || sector >= _limit)
                throw FileSystemException.Corrupt("sector " + sector + " is outside the volume's " + _limit);
            if (_aheadPending > 0) SettleReadAhead(sector, sector + 1);
            if (_slots.TryGetValue(sector, out int slot))
            {
                Hits++;
                _referenced[slot] = true;
                return slot;
            }
            Misses++;
            return Place(sector, load);
        }

        // A slot for a sector the cache does not hold (a free one, or the clock's victim, written back if dirty),
        // loaded from the device or zeroed.
        private int Place(long sector, bool load)
        {
            int slot;
            if (_used < _capacity)
            {
                slot = _used++;
                if (slot % ChunkSlots == 0) _chunks[slot / ChunkSlots] = new byte[Math.Min(ChunkSlots, _capacity - slot) * _sectorSize];
            }
            else
            {
                slot = Victim();
                if (_dirty[slot]) WriteBack(_sector[slot]);
                _slots.Remove(_sector[slot]);
            }
            if (load)
            {
                try
                {
                    _device.Read(sector, Data(slot));
                }
                catch
                {
                    // The slot is free again: its old sector was written back and unmapped.
                    ReleaseEmpty(slot);
                    throw;
                }
            }
            else
            {
                Data(slot).Clear();
            }
            _sector[slot] = sector;
            _referenced[slot] = true;
            _slots[sector] = slot;
            return slot;
        }

        // Writes the dirty sector back together with the dirty cached sectors next to it on either side, up to
        // MaxRun in all, in one request (a file written in whole clusters then goes to the device in runs, not a
        // request per sector), and marks them clean. The request is started, not waited for: the device takes the
        // data at once, and a later read of these sectors waits for the write (IBlockDevice).
        private void WriteBack(long sector)
        {
            long first = sector;
            while (sector - first + 1 < MaxRun && IsDirty(first - 1)) first--;
            long end = sector + 1;
            while (end - first < MaxRun && IsDirty(end)) end++;
            int count = (int)(end - first);
            if (count == 1)
            {
                int only = _slots[sector];
                _device.BeginWrite(sector, Data(only));
                _dirty[only] = false;
                return;
            }
            if (_run is null) _run = new byte[MaxRun * _sectorSize];
            for (int i = 0; i < count; i++) Data(_slots[first + i]).CopyTo(_run.AsSpan(i * _sectorSize, _sectorSize));
            _device.BeginWrite(first, new ReadOnlySpan<byte>(_run, 0, count * _sectorSize));
            for (int i = 0; i < count; i++) _dirty[_slots[first + i]] = false;
        }

        private bool IsDirty(long sector) => sector >= 0 && _slots.TryGetValue(sector, out int slot) && _dirty[slot];

        private void ReleaseEmpty(int slot)
        {
            // Park the slot on an impossible sector number so it is chosen again first.
            _sector[slot] = -1 - slot;
            _slots[_sector[slot]] = slot;
            _referenced[slot] = false;
            _dirty[slot] = false;
        }

        private int Victim()
        {
            // Clock: a referenced sector gets a second chance; at most two sweeps find one.
            while (true)
            {
                int slot = _hand;
                _hand = (_hand + 1) % _capacity;
                if (!_referenced[slot]) return slot;
                _referenced[slot] = false;
            }
        }
    }
}
