// Why a kernel did not get the process: the pass that dropped it and what it had against the winner's value.
#nullable enable

namespace Helios.Satellite.Placement
{
    public sealed class Elimination
    {
        public Elimination(KernelView kernel, PlacementPass pass, string reason)
        {
            Kernel = kernel;
            Pass = pass;
            Reason = reason;
        }

        public KernelView Kernel { get; }

        public PlacementPass Pass { get; }

        /// <summary>E.g. "positive sum 0 < +1" or "load 60% > 5%".</summary>
        public string Reason { get; }

        public override string ToString() => Kernel.Id + " at " + PlacementPasses.Name(Pass) + ": " + Reason;
    }
}
