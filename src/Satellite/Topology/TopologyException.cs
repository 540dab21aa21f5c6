// The machine description contradicts itself (the boot CPU is not a CPU, usable ranges overlap, ...): no plan can
// be made from it, and the message says what is wrong.
namespace Helios.Satellite.Topology
{
    public sealed class TopologyException : System.Exception
    {
        public TopologyException(string message) : base("topology: " + message) { }
    }
}
