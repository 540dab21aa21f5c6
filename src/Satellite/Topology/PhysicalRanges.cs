// Arithmetic on sets of physical ranges, kept as sorted, disjoint, non-adjacent lists: normalising what the firmware
// gives (any order, maybe overlapping), subtracting what must not be granted, and shrinking to whole pages.
using System.Collections.Generic;

namespace Helios.Satellite.Topology
{
    internal static class PhysicalRanges
    {
        public const ulong PageSize = 4096;

        /// <summary>Sorts and merges ranges; empty ones are dropped. Overlaps are an error when the source says each
        /// address once (the memory map), and merged when it may repeat itself (reserved ranges).</summary>
        public static List<PhysicalRange> Normalize(List<PhysicalRange> ranges, string what, bool overlapIsError)
        {
            if (ranges == null) throw new TopologyException(what + ": the list is missing");
            var sorted = new List<PhysicalRange>(ranges.Count);
            foreach (PhysicalRange range in ranges)
            {
                CheckEnd(range.Start, range.Length, what);
                if (range.Length != 0) sorted.Add(range);
            }
            sorted.Sort((a, b) => a.Start.CompareTo(b.Start));
            var merged = new List<PhysicalRange>(sorted.Count);
            foreach (PhysicalRange range in sorted)
            {
                if (merged.Count > 0)
                {
                    PhysicalRange last = merged[merged.Count - 1];
                    if (range.Start < last.End && overlapIsError)
                        throw new TopologyException(what + ": ranges " + Describe(last.Start, last.End) + " and "
                            + Describe(range.Start, range.End) + " overlap");
                    if (range.Start <= last.End)
                    {
                        ulong end = range.End > last.End ? range.End : last.End;
                        merged[merged.Count - 1] = new PhysicalRange(last.Start, end - last.Start);
                        continue;
                    }
                }
                merged.Add(range);
            }
            return merged;
        }

        /// <summary>What of a is not in b; both sorted and disjoint.</summary>
        public static List<PhysicalRange> Subtract(List<PhysicalRange> a, List<PhysicalRange> b)
        {
            var result = new List<PhysicalRange>(a.Count);
            int j = 0;
            foreach (PhysicalRange range in a)
            {
                ulong cursor = range.Start;
                while (j < b.Count && b[j].End <= cursor) j++;
                int k = j;
                while (cursor < range.End)
                {
                    if (k == b.Count || b[k].Start >= range.End)
                    {
                        result.Add(new PhysicalRange(cursor, range.End - cursor));
                        break;
                    }
                    if (b[k].Start > cursor) result.Add(new PhysicalRange(cursor, b[k].Start - cursor));
                    if (b[k].End > cursor) cursor = b[k].End;
                    k++;
                }
            }
            return result;
        }

        /// <summary>Merges adjacent ranges of a sorted disjoint list, then keeps only the whole pages of each: a page
        /// shared with memory the kernel does not own is not the kernel's.</summary>
        public static List<PhysicalRange> MergeAndAlignInward(List<PhysicalRange> sorted)
        {
            var result = new List<PhysicalRange>(sorted.Count);
            int i = 0;
            while (i < sorted.Count)
            {
                ulong start = sorted[i].Start;
                ulong end = sorted[i].End;
                i++;
                while (i < sorted.Count && sorted[i].Start == end)
                {
                    end = sorted[i].End;
                    i++;
                }
                ulong alignedStart = start % PageSize == 0 ? start : start - start % PageSize + PageSize;
                ulong alignedEnd = end - end % PageSize;
                if (alignedStart < start || alignedEnd <= alignedStart) continue;   // the first test: rounding up wrapped
                result.Add(new PhysicalRange(alignedStart, alignedEnd - alignedStart));
            }
            return result;
        }

        public static ulong TotalBytes(List<PhysicalRange> ranges)
        {
            ulong total = 0;
            foreach (PhysicalRange range in ranges) total += range.Length;
            return total;
        }

        /// <summary>Refuses a range whose end does not fit in 64 bits.</summary>
        public static void CheckEnd(ulong start, ulong length, string what)
        {
            if (length > ulong.MaxValue - start)
                throw new TopologyException(what + ": range at " + Hex(start) + " of length " + Hex(length) + " runs past the end of the address space");
        }

        public static string Describe(ulong start, ulong end) => "[" + Hex(start) + ", " + Hex(end) + ")";

        public static string Hex(ulong value) => "0x" + value.ToString("x");

        /// <summary>A byte count as people read it: "64 MiB", "636 KiB", "100 bytes".</summary>
        public static string Size(ulong bytes)
        {
            if (bytes != 0 && bytes % (1024 * 1024) == 0) return (bytes / (1024 * 1024)).ToString() + " MiB";
            if (bytes != 0 && bytes % 1024 == 0) return (bytes / 1024).ToString() + " KiB";
            return bytes.ToString() + " bytes";
        }
    }
}
