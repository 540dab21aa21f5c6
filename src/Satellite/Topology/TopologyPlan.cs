// The planner's answer: one grant per kernel, and why the plan differs from "one kernel per domain" where it does.
using System.Collections.Generic;

namespace Helios.Satellite.Topology
{
    public sealed class TopologyPlan
    {
        /// <summary>Index == KernelId; [0] is the coordinator, then one satellite per placed domain in domain order.</summary>
        public List<KernelGrant> Kernels { get; set; } = new List<KernelGrant>();

        /// <summary>One line per domain folded into the coordinator or ignored, saying why (for the boot log).</summary>
        public List<string> Notes { get; set; } = new List<string>();
    }
}
