// Physical memory in 4 KiB frames: every usable range of the memory map, less what must stay reserved, split by NUMA
// domain so that a satellite kernel can later be given one domain's frames. Each run of frames keeps a bitmap (a set
// bit is a frame in use); freeing a frame that is not in use is an error, so a double free is caught, not absorbed.
// Pure logic, not thread-safe: the kernel wraps it in a lock (Frames), the host tests use it as is.
using System;
using System.Collections.Generic;
using System.Numerics;
using Helios.Kernel.Boot;

namespace Helios.Kernel.Memory
{
    public sealed class FrameAllocator
    {
        public const ulong FrameSize = 4096;
        public const int FrameShift = 12;

        private readonly List<FrameRun> _runs = new List<FrameRun>();
        private readonly ulong[] _freeByDomain;

        /// <param name="usable">Ranges that may be handed out (not yet frame-aligned).</param>
        /// <param name="affinity">NUMA domains of memory; what it does not name is domain 0.</param>
        /// <param name="reserved">Ranges inside usable memory that must never be handed out.</param>
        public FrameAllocator(List<(ulong Start, ulong End)> usable, List<MemoryAffinity> affinity, List<(ulong Start, ulong End)> reserved, int domainCount)
        {
            _freeByDomain = new ulong[Math.Max(domainCount, 1)];
            var pieces = new List<(ulong Start, ulong End, int Domain)>();
            foreach ((ulong start, ulong end) in usable)
                SplitByDomain(AlignUp(start), end & ~(FrameSize - 1), affinity, pieces);
            pieces.Sort((a, b) => a.Start.CompareTo(b.Start));
            foreach ((ulong start, ulong end, int domain) in pieces)
            {
                if (end <= start) continue;
                if (domain >= _freeByDomain.Length) throw new ArgumentException("memory in domain " + domain.ToString() + " of " + _freeByDomain.Length.ToString());
                var run = new FrameRun(start, (end - start) >> FrameShift, domain);
                _runs.Add(run);
                _freeByDomain[domain] += run.Frames;
                TotalFrames += run.Frames;
            }
            foreach ((ulong start, ulong end) in reserved) Reserve(start, end);
        }

        /// <summary>Frames of usable memory this allocator manages, reserved ones included.</summary>
        public ulong TotalFrames { get; }

        public ulong ReservedFrames { get; private set; }

        public ulong FreeFrames
        {
            get
            {
                ulong free = 0;
                foreach (ulong f in _freeByDomain) free += f;
                return free;
            }
        }

        public int DomainCount => _freeByDomain.Length;

        public ulong FreeFramesIn(int domain) => _freeByDomain[domain];

        /// <summary>The longest run of free frames: the most one contiguous allocation can get.</summary>
        public ulong LargestFreeRun
        {
            get
            {
                ulong largest = 0;
                foreach (FrameRun run in _runs) largest = Math.Max(largest, run.LargestFree());
                return largest;
            }
        }

        /// <summary>
        /// Allocates count contiguous frames aligned to alignFrames frames (a power of two), in domain if it has them,
        /// else in any domain unless strict. Returns false when no such run is free.
        /// </summary>
        public bool TryAllocate(ulong count, out ulong address, int domain = 0, ulong alignFrames = 1, bool strict = false)
        {
            address = 0;
            if (count == 0 || !BitOperations.IsPow2(alignFrames)) throw new ArgumentException("bad frame count or alignment");
            if (domain >= 0 && domain < DomainCount && TryAllocateIn(count, alignFrames, domain, out address)) return true;
            if (strict) return false;
            for (int other = 0; other < DomainCount; other++)
                if (other != domain && TryAllocateIn(count, alignFrames, other, out address)) return true;
            return false;
        }

        /// <summary>Returns count frames at address; every one must be in use.</summary>
        public void Free(ulong address, ulong count)
        {
            FrameRun run = RunOf(address);
            if (run is null || (address & (FrameSize - 1)) != 0 || count == 0 || count > run.Frames - run.IndexOf(address))
                throw new InvalidOperationException("freeing frames 0x" + address.ToString("x") + " (+" + count.ToString() + ") that this allocator does not hand out");
            ulong first = run.IndexOf(address);
            ulong notInUse = run.FirstClearIn(first, first + count);
            if (notInUse != ulong.MaxValue)
                throw new InvalidOperationException("frame 0x" + run.AddressOf(notInUse).ToString("x") + " is freed but not in use");
            run.ClearRange(first, count);
            run.Free += count;
            if (first < run.Hint) run.Hint = first;
            _freeByDomain[run.Domain] += count;
        }

        public bool IsInUse(ulong address)
        {
            FrameRun run = RunOf(address);
            return run is null || run.IsSet(run.IndexOf(address));
        }

        /// <summary>The domain whose memory holds address, or -1 when this allocator does not manage it.</summary>
        public int DomainOf(ulong address) => RunOf(address)?.Domain ?? -1;

        private bool TryAllocateIn(ulong count, ulong alignFrames, int domain, out ulong address)
        {
            address = 0;
            if (_freeByDomain[domain] < count) return false;
            foreach (FrameRun run in _runs)
            {
                if (run.Domain != domain || run.Free < count) continue;
                if (!run.TryFind(count, alignFrames, out ulong first)) continue;
                run.SetRange(first, count);
                run.Free -= count;
                if (count == 1) run.Hint = first + 1;
                _freeByDomain[domain] -= count;
                address = run.AddressOf(first);
                return true;
            }
            return false;
        }

        private void Reserve(ulong start, ulong end)
        {
            foreach (FrameRun run in _runs)
            {
                ulong from = Math.Max(start & ~(FrameSize - 1), run.Base);
                ulong to = Math.Min(AlignUp(end), run.End);
                for (ulong a = from; a < to; a += FrameSize)
                {
                    ulong i = run.IndexOf(a);
                    if (run.IsSet(i)) continue;
                    run.Set(i);
                    run.Free--;
                    _freeByDomain[run.Domain]--;
                    ReservedFrames++;
                }
            }
        }

        private FrameRun RunOf(ulong address)
        {
            foreach (FrameRun run in _runs)
                if (address >= run.Base && address < run.End) return run;
            return null;
        }

        private static void SplitByDomain(ulong start, ulong end, List<MemoryAffinity> affinity, List<(ulong, ulong, int)> pieces)
        {
            while (start < end)
            {
                int domain = 0;
                ulong pieceEnd = end;
                foreach (MemoryAffinity range in affinity)
                {
                    if (start >= range.Start && start < range.End)
                    {
                        domain = range.Domain;
                        pieceEnd = Math.Min(end, range.End & ~(FrameSize - 1));
                        break;
                    }
                    if (range.Start > start && range.Start < pieceEnd) pieceEnd = AlignUp(range.Start);
                }
                if (pieceEnd <= start) pieceEnd = Math.Min(end, start + FrameSize);
                pieces.Add((start, pieceEnd, domain));
                start = pieceEnd;
            }
        }

        private static ulong AlignUp(ulong address) => (address + FrameSize - 1) & ~(FrameSize - 1);

        private sealed class FrameRun
        {
            private readonly ulong[] _bitmap;

            public FrameRun(ulong baseAddress, ulong frames, int domain)
            {
                Base = baseAddress;
                Frames = frames;
                Domain = domain;
                Free = frames;
                _bitmap = new ulong[(frames + 63) / 64];
                // Bits past the last frame stay set, so a word scan never returns them.
                if (frames % 64 != 0) _bitmap[_bitmap.Length - 1] = ~0UL << (int)(frames % 64);
            }

            public ulong Base { get; }

            public ulong Frames { get; }

            public ulong End => Base + (Frames << FrameShift);

            public int Domain { get; }

            public ulong Free { get; set; }

            public ulong Hint { get; set; }    // no free frame below this index (single-frame allocations start here)

            public ulong IndexOf(ulong address) => (address - Base) >> FrameShift;

            public ulong AddressOf(ulong index) => Base + (index << FrameShift);

            public bool IsSet(ulong i) => (_bitmap[i >> 6] & (1UL << (int)(i & 63))) != 0;

            public void Set(ulong i) => _bitmap[i >> 6] |= 1UL << (int)(i & 63);

            public void Clear(ulong i) => _bitmap[i >> 6] &= ~(1UL << (int)(i & 63));

            // Sets or clears frames [first, first + count) a word of the bitmap at a time.
            public void SetRange(ulong first, ulong count) => ChangeRange(first, count, set: true);

            public void ClearRange(ulong first, ulong count) => ChangeRange(first, count, set: false);

            private void ChangeRange(ulong first, ulong count, bool set)
            {
                ulong i = first, end = first + count;
                while (i < end)
                {
                    int shift = (int)(i & 63);
                    ulong bits = Math.Min(64 - (ulong)shift, end - i);
                    ulong mask = (bits == 64 ? ~0UL : (1UL << (int)bits) - 1) << shift;
                    if (set) _bitmap[i >> 6] |= mask;
                    else _bitmap[i >> 6] &= ~mask;
                    i += bits;
                }
            }

            /// <summary>The first free frame in [from, to), or ulong.MaxValue.</summary>
            public ulong FirstClearIn(ulong from, ulong to) => FirstClear(from, to);

            // The first frame in use in [from, to), or ulong.MaxValue when all are free.
            private ulong FirstSet(ulong from, ulong to)
            {
                ulong i = from;
                while (i < to)
                {
                    ulong bits = _bitmap[i >> 6] >> (int)(i & 63);
                    if (bits != 0)
                    {
                        ulong used = i + (ulong)BitOperations.TrailingZeroCount(bits);
                        return used < to ? used : ulong.MaxValue;
                    }
                    i = ((i >> 6) + 1) << 6;
                }
                return ulong.MaxValue;
            }

            // The first free frame in [from, to), or ulong.MaxValue.
            private ulong FirstClear(ulong from, ulong to)
            {
                ulong i = from;
                while (i < to)
                {
                    ulong bits = ~_bitmap[i >> 6] >> (int)(i & 63);
                    if (bits != 0)
                    {
                        ulong free = i + (ulong)BitOperations.TrailingZeroCount(bits);
                        return free < to ? free : ulong.MaxValue;
                    }
                    i = ((i >> 6) + 1) << 6;
                }
                return ulong.MaxValue;
            }

            public ulong LargestFree()
            {
                ulong largest = 0, start = FirstClear(0, Frames);
                while (start != ulong.MaxValue)
                {
                    ulong end = FirstSet(start, Frames);
                    if (end == ulong.MaxValue) end = Frames;
                    largest = Math.Max(largest, end - start);
                    start = end < Frames ? FirstClear(end, Frames) : ulong.MaxValue;
                }
                return largest;
            }

            public bool TryFind(ulong count, ulong align, out ulong first)
            {
                first = 0;
                if (count == 1 && align == 1)
                {
                    for (ulong word = Hint >> 6; word < (ulong)_bitmap.Length; word++)
                    {
                        if (_bitmap[word] == ~0UL) continue;
                        first = (word << 6) + (ulong)BitOperations.TrailingZeroCount(~_bitmap[word]);
                        return true;
                    }
                    return false;
                }
                // Contiguous runs: the frame index must be aligned in physical terms. Whole words of the bitmap are
                // skipped or accepted at once, so a search costs words, not frames.
                ulong alignMask = align - 1;
                ulong physicalBase = Base >> FrameShift;
                ulong start = (physicalBase + Hint + alignMask & ~alignMask) - physicalBase;     // nothing free below Hint
                while (start + count <= Frames)
                {
                    ulong firstUsed = FirstSet(start, start + count);
                    if (firstUsed == ulong.MaxValue)
                    {
                        first = start;
                        return true;
                    }
                    ulong nextFree = FirstClear(firstUsed, Frames);
                    if (nextFree == ulong.MaxValue) break;
                    start = (physicalBase + nextFree + alignMask & ~alignMask) - physicalBase;
                }
                return false;
            }
        }
    }
}
