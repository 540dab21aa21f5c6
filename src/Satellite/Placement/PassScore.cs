// What one pass found for one candidate kernel: the value it compared (platform affinity, an affinity sum, the load)
// and which of the manifest's channels made it up, so that an explanation can say why a kernel won or lost.
#nullable enable

namespace Helios.Satellite.Placement
{
    public sealed class PassScore
    {
        public PassScore(KernelView kernel, int value, string detail)
        {
            Kernel = kernel;
            Value = value;
            Detail = detail;
        }

        public KernelView Kernel { get; }

        public int Value { get; }

        /// <summary>The channels (or the platform) behind the value, e.g. "endpoint 2 /services/mailstore -1"; empty
        /// when nothing contributed.</summary>
        public string Detail { get; }
    }
}
