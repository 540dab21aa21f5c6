// Where a process goes and why: the chosen kernel and the pass that decided, every pass's candidates and values,
// and why each other kernel lost; or a refusal that says why no kernel can take the process.
#nullable enable
using System.Collections.Generic;
using System.Text;

namespace Helios.Satellite.Placement
{
    public sealed class PlacementDecision
    {
        internal PlacementDecision(string application)
        {
            Application = application;
        }

        /// <summary>The manifest's application name.</summary>
        public string Application { get; }

        /// <summary>The chosen kernel; null when the launch is refused.</summary>
        public KernelView? Kernel { get; internal set; }

        /// <summary>The pass that left one kernel (meaningless when refused).</summary>
        public PlacementPass DecidedBy { get; internal set; }

        /// <summary>Why no kernel can take the process; null when it was placed.</summary>
        public string? Refusal { get; internal set; }

        public bool IsPlaced => Kernel != null;

        /// <summary>The passes that were reached, in order; those after the deciding pass are not listed.</summary>
        public List<PassRecord> Passes { get; } = new List<PassRecord>();

        /// <summary>Every kernel that lost, in the order the passes dropped them.</summary>
        public List<Elimination> Eliminations { get; } = new List<Elimination>();

        public PassRecord? FindPass(PlacementPass pass)
        {
            foreach (PassRecord record in Passes)
                if (record.Pass == pass) return record;
            return null;
        }

        /// <summary>One line for the console: "netstack -> k1 by positive (k0 0, k1 +1)" or "gpuapp refused: ...".</summary>
        public string Summary()
        {
            var text = new StringBuilder(Application);
            if (Kernel is null) return text.Append(" refused: ").Append(Refusal).ToString();
            text.Append(" -> ").Append(Kernel.Id).Append(" by ").Append(PlacementPasses.Name(DecidedBy));
            PassRecord? deciding = FindPass(DecidedBy);
            if (deciding != null && deciding.Scores.Count > 0) text.Append(" (").Append(deciding.DescribeScores()).Append(')');
            return text.ToString();
        }

        public override string ToString() => Summary();
    }
}
