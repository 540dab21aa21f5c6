// The other kernels' memory, as this kernel's links read it (docs/multikernel.md, "Links"; docs/channels.md, "Channels
// between kernels"): on a NUMA machine every kernel may read every other kernel's granted RAM, so an exchange-heap array
// crosses a link by one copy, the receiving kernel reading it where it lies in the sender's heap. The coordinator knows
// every grant from its plan; a satellite learns its peers' from its boot block (ReservedEntry.PeerMemory ranges: the
// grant is a fact fixed at boot, like the rest of the block, and the machine page's 64 bytes a kernel could not hold a
// grant's ranges). A peer's memory is mapped read-only (MapKind.ReadOnly: another kernel's heap is never written here)
// when the link to it is made, less the ranges this kernel already maps writable there (the machine page, the link
// areas); a link gets the two windows (MemoryWindow: this kernel's grant, the far kernel's) or, when either is missing
// or spans more than a record's offsets reach, none, and then carries arrays inside its records.
using System.Collections.Generic;
using Helios.Kernel.Memory;
using Helios.Satellite.Boot;
using Helios.Satellite.Links;
using Helios.Satellite.Topology;

namespace Helios.Kernel.Multikernel
{
    public static class PeerMemory
    {
        private const ulong Page = 4096;

        private static List<PhysicalRange> s_own;
        private static readonly List<PhysicalRange>[] s_peers = new List<PhysicalRange>[MachinePage.MaxKernels];
        private static readonly bool[] s_mapped = new bool[MachinePage.MaxKernels];
        private static readonly List<PhysicalRange> s_writable = new List<PhysicalRange>();

        /// <summary>The first address of kernel peer's memory as this kernel knows it (the tests look at its mapping).</summary>
        public static bool TryFirstAddress(int peer, out ulong address)
        {
            List<PhysicalRange> ranges = (uint)peer < (uint)s_peers.Length ? s_peers[peer] : null;
            address = ranges is null ? 0 : ranges[0].Start;
            return ranges is not null;
        }

        /// <summary>This kernel's grant (its exchange heap's pages come from it).</summary>
        internal static void SetOwn(List<PhysicalRange> memory) => s_own = memory;

        /// <summary>A range of kernel peer's grant (ranges come in ascending order: the plan's, or the boot block's).</summary>
        internal static void Add(int peer, ulong start, ulong length)
        {
            s_peers[peer] ??= new List<PhysicalRange>();
            s_peers[peer].Add(new PhysicalRange(start, length));
        }

        /// <summary>A range this kernel maps writable although it lies in a peer's memory (the machine page, a link area).</summary>
        internal static void KeepWritable(ulong start, ulong length) => s_writable.Add(new PhysicalRange(start, length));

        /// <summary>
        /// The windows of the link to kernel far: this kernel's memory and far's, far's mapped read-only here (once);
        /// false when either is unknown or does not fit a window (the link carries arrays in its records).
        /// </summary>
        internal static bool TryWindows(int far, out MemoryWindow local, out MemoryWindow remote)
        {
            local = null;
            remote = null;
            List<PhysicalRange> peer = (uint)far < (uint)s_peers.Length ? s_peers[far] : null;
            if (s_own is null || peer is null) return false;
            List<(ulong Start, ulong Length)> own = Ranges(s_own), theirs = Ranges(peer);
            if (!MemoryWindow.Fits(own) || !MemoryWindow.Fits(theirs)) return false;
            if (!s_mapped[far])
            {
                foreach (PhysicalRange range in peer) MapReadOnly(range.Start, range.Start + range.Length);
                s_mapped[far] = true;
            }
            local = new MemoryWindow(own);
            remote = new MemoryWindow(theirs);
            return true;
        }

        private static List<(ulong Start, ulong Length)> Ranges(List<PhysicalRange> ranges)
        {
            var list = new List<(ulong Start, ulong Length)>(ranges.Count);
            foreach (PhysicalRange range in ranges) list.Add((range.Start, range.Length));
            return list;
        }

        // [start, end) less the writable ranges inside it, in whole pages.
        private static void MapReadOnly(ulong start, ulong end)
        {
            start &= ~(Page - 1);
            end = (end + Page - 1) & ~(Page - 1);
            while (start < end)
            {
                bool inside = false;
                foreach (PhysicalRange keep in s_writable)
                {
                    ulong keepStart = keep.Start & ~(Page - 1), keepEnd = (keep.Start + keep.Length + Page - 1) & ~(Page - 1);
                    if (keepStart <= start && keepEnd > start)
                    {
                        start = keepEnd;            // mapped writable already: skip it
                        inside = true;
                        break;
                    }
                }
                if (inside) continue;
                ulong pieceEnd = end;               // up to the next writable range
                foreach (PhysicalRange keep in s_writable)
                {
                    ulong keepStart = keep.Start & ~(Page - 1);
                    if (keepStart > start && keepStart < pieceEnd) pieceEnd = keepStart;
                }
                AddressSpace.MapReadOnly(start, pieceEnd - start);
                start = pieceEnd;
            }
        }
    }
}
