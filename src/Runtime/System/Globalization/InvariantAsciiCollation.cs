// Culture-sensitive string ordering, as the invariant culture orders ASCII text (Unicode's root collation, which the
// host CLR gets from ICU): white space, then punctuation and symbols in a fixed order, then digits, then letters
// case-blind (a A b B ...); only if that finds no difference, lower case sorts before upper case at the first
// letter whose case differs; control characters are ignored. Characters beyond ASCII sort after all of ASCII by code
// unit (the host orders them by their Unicode collation; see docs/runtime.md). Results are -1, 0 or 1.
namespace System.Globalization
{
    internal static class InvariantAsciiCollation
    {
        // Every ASCII character that is not ignored, in collation order; a letter stands for both its cases.
        private const string Order = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz";

        private const int BeyondAscii = 0x100;

        // Weight of each ASCII character: its place in Order, 0 when ignored.
        private static readonly byte[] s_weights = BuildWeights();

        internal static int Compare(ReadOnlySpan<char> a, ReadOnlySpan<char> b, bool ignoreCase)
        {
            int i = 0, j = 0, caseOrder = 0;
            while (true)
            {
                int wa = 0, wb = 0;
                while (i < a.Length && (wa = Weight(a[i])) == 0) i++;
                while (j < b.Length && (wb = Weight(b[j])) == 0) j++;
                if (i == a.Length || j == b.Length) break;
                if (wa != wb) return wa < wb ? -1 : 1;
                if (caseOrder == 0 && !ignoreCase)
                {
                    bool upperA = a[i] >= 'A' && a[i] <= 'Z', upperB = b[j] >= 'A' && b[j] <= 'Z';
                    if (upperA != upperB) caseOrder = upperA ? 1 : -1;
                }
                i++;
                j++;
            }
            if (i < a.Length) return 1;
            if (j < b.Length) return -1;
            return caseOrder;
        }

        // 0 for an ignored character; otherwise its primary weight (the same for both cases of a letter).
        private static int Weight(char c) => c < 0x80 ? s_weights[c] : BeyondAscii + c;

        private static byte[] BuildWeights()
        {
            var weights = new byte[0x80];
            for (int i = 0; i < Order.Length; i++)
            {
                weights[Order[i]] = (byte)(i + 1);
                if (Order[i] >= 'a' && Order[i] <= 'z') weights[Order[i] - ('a' - 'A')] = (byte)(i + 1);
            }
            return weights;
        }
    }
}
