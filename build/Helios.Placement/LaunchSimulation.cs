// Launches manifests one after another on a topology without booting: each is placed against the view as the ones
// before it left it, and a placed process's services join the namespace on its kernel, which is what self-reference
// and later processes' affinities weigh. Loads stay as the topology gives them: a process's load is only known once
// it runs.
using Helios.Kernel.Manifests;
using Helios.Satellite.Placement;

namespace Helios.Placement;

public static class LaunchSimulation
{
    public sealed record Launch(string Source, ApplicationManifest Manifest, PlacementDecision Decision);

    public static List<Launch> Run(Topology topology, IEnumerable<(string Source, ApplicationManifest Manifest)> manifests)
    {
        SystemView view = Copy(topology.View);
        var launches = new List<Launch>();
        foreach ((string source, ApplicationManifest manifest) in manifests)
        {
            PlacementDecision decision = PlacementPlanner.Place(manifest, view);
            launches.Add(new Launch(source, manifest, decision));
            if (decision.Kernel is null) continue;
            foreach (ManifestEndpoint endpoint in manifest.Endpoints)
                if (endpoint.Kind == EndpointKind.ServiceProvider)
                    view.Services.Add(new RunningService(ServiceProviderRules.PathOf(manifest, endpoint), endpoint.ContractName, decision.Kernel.Id, manifest.Name));
        }
        return launches;
    }

    /// <summary>The topology stays as loaded: one simulation never changes what the next one starts from.</summary>
    private static SystemView Copy(SystemView view)
    {
        var copy = new SystemView { LauncherKernelId = view.LauncherKernelId };
        copy.Kernels.AddRange(view.Kernels);
        copy.Services.AddRange(view.Services);
        return copy;
    }
}
