// What unwinding needs at a code address, remembered: the function's unwind record, ilc's method information and the
// CFI rules in force there. Finding and interpreting them costs a few thousand instructions; a throw through the same
// frames again (a loop, a retry, a service's error path) then costs a lookup. Direct-mapped by address; each entry is
// guarded by a sequence number (odd while being written) so that CPUs read and fill it without a lock.
using System.Runtime.CompilerServices;
using System.Threading;

namespace Internal.Runtime.ExceptionHandling
{
    [SkipLocalsInit]
    internal static unsafe class FrameCache
    {
        private const int Entries = 128;

        private struct Entry
        {
            public int Sequence;
            public ulong Pc;
            public bool RulesValid;
            public FrameDescription Frame;
            public ManagedCodeInfo Code;
            public UnwindRules Rules;
        }

        private static Entry[] s_entries;

        /// <summary>The frame and method at pc (false when pc is not managed code), and its unwind rules if valid.</summary>
        public static bool TryGet(ulong pc, out FrameDescription frame, out ManagedCodeInfo code, out UnwindRules rules, out bool rulesValid)
        {
            Entry[] entries = s_entries;
            if (entries is not null)
            {
                ref Entry entry = ref entries[(int)((pc ^ (pc >> 7)) % Entries)];
                int before = Volatile.Read(ref entry.Sequence);
                if ((before & 1) == 0 && entry.Pc == pc)
                {
                    frame = entry.Frame;
                    code = entry.Code;
                    rules = entry.Rules;
                    rulesValid = entry.RulesValid;
                    Interlocked.MemoryBarrier();
                    if (Volatile.Read(ref entry.Sequence) == before) return true;
                }
            }
            rules = default;
            rulesValid = false;
            if (!ManagedCode.TryFind(pc, out frame, out code)) return false;
            rulesValid = CallFrameInterpreter.TryEvaluate(ManagedCode.Image, frame, pc, out rules);
            Remember(pc, frame, code, rules, rulesValid);
            return true;
        }

        private static void Remember(ulong pc, in FrameDescription frame, in ManagedCodeInfo code, in UnwindRules rules, bool rulesValid)
        {
            // The first throw allocates the table; a throw never allocates again.
            s_entries ??= new Entry[Entries];
            ref Entry entry = ref s_entries[(int)((pc ^ (pc >> 7)) % Entries)];
            int sequence = Volatile.Read(ref entry.Sequence);
            if ((sequence & 1) != 0 || Interlocked.CompareExchange(ref entry.Sequence, sequence + 1, sequence) != sequence)
                return;     // another CPU is writing it: leave it to them
            entry.Pc = pc;
            entry.Frame = frame;
            entry.Code = code;
            entry.Rules = rules;
            entry.RulesValid = rulesValid;
            Volatile.Write(ref entry.Sequence, sequence + 2);
        }
    }
}
