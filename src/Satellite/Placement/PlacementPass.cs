// The passes of Helios's placement algorithm (paper Figure 3), in the order they run: each keeps the best candidates
// of the one before, and the first to leave a single kernel decides.
#nullable enable

namespace Helios.Satellite.Placement
{
    public enum PlacementPass
    {
        /// <summary>Keep the kernels of the highest-affinity platform the manifest lists that has any kernel.</summary>
        Platform,

        /// <summary>Keep the kernels with the highest sum of positive affinities to services running on them.</summary>
        Positive,

        /// <summary>Keep the kernels with the least negative sum of negative affinities to services running on them.</summary>
        Negative,

        /// <summary>Take the kernel with the lowest CPU load (the first in the view on a tie).</summary>
        Load,
    }

    public static class PlacementPasses
    {
        public const int Count = 4;

        /// <summary>How explanations and the console name a pass.</summary>
        public static string Name(PlacementPass pass)
        {
            switch (pass)
            {
                case PlacementPass.Platform: return "platform";
                case PlacementPass.Positive: return "positive";
                case PlacementPass.Negative: return "negative";
                case PlacementPass.Load: return "load";
                default: return "pass " + ((int)pass).ToString();
            }
        }
    }
}
