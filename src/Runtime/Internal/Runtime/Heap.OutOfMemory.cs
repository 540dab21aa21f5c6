// When the heap cannot satisfy an allocation even after a collection: a report that allocates nothing itself.
using System;
using System.Threading;

namespace Internal.Runtime
{
    public static unsafe partial class Heap
    {
        // The reserve becomes the bump area, so that the host can still allocate while it reports.
        private static void UseReserve()
        {
            if (s_reserve.Start == null || s_exhaustions > 0) return;
            s_regions.Add(s_reserve);
            s_capacity += (ulong)(s_reserve.End - s_reserve.Start);
            s_area += s_reserve.AreaBytes;
            UseArea(s_reserve.Base, s_reserve.AreaBytes);
        }

        // Nothing here may allocate: the heap has nothing left. The message is built on the stack.
        private static void Exhausted(nuint size)
        {
            if (Interlocked.Increment(ref s_exhaustions) > 1)
            {
                // The reserve ran out too, while failing: the host's report allocates more than it should.
                RuntimeHost.FailFast("Out of memory while failing fast".AsSpan());
                while (true) { }
            }
            Span<char> message = stackalloc char[96];
            ReadOnlySpan<char> before = "Out of memory: the heap cannot satisfy an allocation of ";
            ReadOnlySpan<char> after = " bytes";
            before.CopyTo(message);
            ((ulong)size).TryFormat(message.Slice(before.Length), out int digits);
            after.CopyTo(message.Slice(before.Length + digits));
            RuntimeHost.FailFast(message.Slice(0, before.Length + digits + after.Length));
        }
    }
}
