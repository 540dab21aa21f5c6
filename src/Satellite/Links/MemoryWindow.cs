// A kernel's memory as a link sees it (docs/channels.md, "Channels between kernels"): the ranges a kernel was granted,
// which the other kernels of a NUMA machine map read-only, so that an array crosses by one copy, the receiving kernel
// reading it straight out of the sender's exchange heap. A record names such an array by an OFFSET into the window
// (links carry bytes, never addresses) and a length: offset 0 is the first range's start, and each kernel turns an
// offset into an address of its own map (here: where the ranges are mapped). The sender's window says which of its
// blocks may be named this way (TryOffsetOf); the receiver's copy of the sender's window checks what the sender named
// (TryAt: inside one range, not straddling two, no overflow) before anything is read: nothing from another kernel is
// trusted, and a hostile offset is refused, never followed.
using System;
using System.Collections.Generic;

namespace Helios.Satellite.Links
{
    public sealed unsafe class MemoryWindow
    {
        /// <summary>Offsets are u32 in a record: a window spans at most 4 GiB (a kernel granted more has no window).</summary>
        public const ulong MaxSpan = 1UL << 32;

        private readonly ulong _base;           // the address offset 0 is at, in this kernel's map
        private readonly ulong[] _starts;       // each range as offsets [start, end)
        private readonly ulong[] _ends;

        /// <summary>
        /// The window of ranges (start, length: addresses in this kernel's map, sorted, disjoint, not empty, spanning at
        /// most MaxSpan). Throws for ranges that break any of these.
        /// </summary>
        public MemoryWindow(IReadOnlyList<(ulong Start, ulong Length)> ranges)
        {
            if (ranges is null || ranges.Count == 0) throw new ArgumentException("a memory window has at least one range");
            _base = ranges[0].Start;
            _starts = new ulong[ranges.Count];
            _ends = new ulong[ranges.Count];
            ulong previousEnd = 0;
            for (int i = 0; i < ranges.Count; i++)
            {
                (ulong start, ulong length) = ranges[i];
                if (length == 0 || start + length < start) throw new ArgumentException("an empty or overflowing range in a memory window");
                if (i > 0 && start < previousEnd) throw new ArgumentException("a memory window's ranges are sorted and disjoint");
                previousEnd = start + length;
                if (previousEnd - _base > MaxSpan) throw new ArgumentException("a memory window spans at most 4 GiB");
                _starts[i] = start - _base;
                _ends[i] = previousEnd - _base;
            }
        }

        /// <summary>Whether ranges make a window (Fits: the caller offers none instead of failing).</summary>
        public static bool Fits(IReadOnlyList<(ulong Start, ulong Length)> ranges)
        {
            if (ranges is null || ranges.Count == 0) return false;
            ulong last = ranges[ranges.Count - 1].Start + ranges[ranges.Count - 1].Length;
            return last > ranges[0].Start && last - ranges[0].Start <= MaxSpan;
        }

        public ulong Base => _base;

        public int RangeCount => _starts.Length;

        /// <summary>The sender's side: the offset of [address, +bytes) when it lies inside one range of the window.</summary>
        public bool TryOffsetOf(ulong address, uint bytes, out uint offset)
        {
            offset = 0;
            if (address < _base) return false;
            ulong at = address - _base;
            if (!Inside(at, bytes)) return false;
            offset = (uint)at;
            return true;
        }

        /// <summary>
        /// The receiver's side: where [offset, +bytes) of the far kernel's window is in this kernel's map, or null when it
        /// is not inside one range (outside, straddling two, or past the end).
        /// </summary>
        public byte* TryAt(uint offset, uint bytes) => Inside(offset, bytes) ? (byte*)(_base + offset) : null;

        private bool Inside(ulong at, uint bytes)
        {
            if (at >= MaxSpan) return false;
            ulong end = at + bytes;                     // both below 2^33: no overflow
            for (int i = 0; i < _starts.Length; i++)
                if (at >= _starts[i] && at < _ends[i]) return end <= _ends[i];
            return false;
        }
    }
}
