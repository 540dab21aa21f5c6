// A machine to simulate launches on: a name, where it came from, and the system view the planner starts from.
using Helios.Satellite.Placement;

namespace Helios.Placement;

public sealed class Topology
{
    public Topology(string name, string source, SystemView view)
    {
        Name = name;
        Source = source;
        View = view;
    }

    public string Name { get; }

    /// <summary>"built in" or the file it was read from.</summary>
    public string Source { get; }

    public SystemView View { get; }
}
