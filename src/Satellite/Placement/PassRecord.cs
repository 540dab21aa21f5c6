// One pass of one placement decision: whether it ran (Figure 3 runs a pass only when the manifest has affinities of
// its kind), the candidates it compared with their values, and those it kept.
#nullable enable
using System.Collections.Generic;
using System.Text;

namespace Helios.Satellite.Placement
{
    public sealed class PassRecord
    {
        public PassRecord(PlacementPass pass, bool ran, string note)
        {
            Pass = pass;
            Ran = ran;
            Note = note;
        }

        public PlacementPass Pass { get; }

        /// <summary>False when the manifest gave this pass nothing to weigh: every candidate went through.</summary>
        public bool Ran { get; }

        /// <summary>Why the pass was skipped, or what it weighed (e.g. which platforms had no kernel).</summary>
        public string Note { get; internal set; }

        /// <summary>Every candidate the pass compared, in view order (empty when it did not run).</summary>
        public List<PassScore> Scores { get; } = new List<PassScore>();

        /// <summary>The candidates that went on to the next pass, in view order.</summary>
        public List<KernelView> Kept { get; } = new List<KernelView>();

        /// <summary>"k0 0, k1 +1": each candidate and its value (the load pass's in percent), for one-line explanations.</summary>
        public string DescribeScores()
        {
            var text = new StringBuilder();
            foreach (PassScore score in Scores)
            {
                if (text.Length > 0) text.Append(", ");
                text.Append(score.Kernel.Id).Append(' ').Append(FormatValue(Pass, score.Value));
            }
            return text.ToString();
        }

        /// <summary>Affinity sums are signed ("+1", "0", "-1"), platform affinities plain, loads in percent.</summary>
        public static string FormatValue(PlacementPass pass, int value)
        {
            if (pass == PlacementPass.Load) return value.ToString() + "%";
            if (pass == PlacementPass.Platform) return value.ToString();
            return value > 0 ? "+" + value.ToString() : value.ToString();
        }
    }
}
