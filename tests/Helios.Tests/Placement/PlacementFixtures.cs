// Manifests and system views for the placement tests, written the way the paper's examples read.
#nullable enable
using Helios.Kernel.Manifests;
using Helios.Satellite.Placement;

namespace Helios.Tests.Placement;

internal static class PlacementFixtures
{
    /// <summary>A view of kernels "k0:x86_64:60" (id, platform, load); the first is the launcher.</summary>
    public static SystemView View(params string[] kernels)
    {
        var view = new SystemView();
        foreach (string kernel in kernels)
        {
            string[] parts = kernel.Split(':');
            view.Kernels.Add(new KernelView(parts[0], parts.Length > 1 ? parts[1] : "x86_64", parts.Length > 2 ? int.Parse(parts[2]) : 0));
        }
        if (view.Kernels.Count > 0) view.LauncherKernelId = view.Kernels[0].Id;
        return view;
    }

    public static SystemView Numa(int kernels) => View(Enumerable.Range(0, kernels).Select(i => "k" + i).ToArray());

    public static SystemView Running(this SystemView view, string path, string contract, string kernel)
    {
        view.Services.Add(new RunningService(path, contract, kernel));
        return view;
    }

    public static ApplicationManifest App(string name) => new(name);

    public static ApplicationManifest Platform(this ApplicationManifest manifest, string name, int affinity)
    {
        manifest.Platforms.Add(new PlatformPreference(name, affinity));
        return manifest;
    }

    /// <summary>An &lt;endpoint&gt; with the next free id.</summary>
    public static ApplicationManifest Endpoint(this ApplicationManifest manifest, int affinity, string contract, string? path = null)
    {
        manifest.Endpoints.Add(new ManifestEndpoint(EndpointKind.Endpoint, manifest.Endpoints.Count, affinity, contract, path));
        return manifest;
    }

    public static ApplicationManifest Provides(this ApplicationManifest manifest, int affinity, string contract, string path)
    {
        manifest.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, manifest.Endpoints.Count, affinity, contract, path));
        return manifest;
    }

    public static ApplicationManifest Pipes(this ApplicationManifest manifest, int inputAffinity, int outputAffinity)
    {
        manifest.Endpoints.Add(new ManifestEndpoint(EndpointKind.InputPipe, manifest.Endpoints.Count, inputAffinity, "PipeContract", null));
        manifest.Endpoints.Add(new ManifestEndpoint(EndpointKind.OutputPipe, manifest.Endpoints.Count, outputAffinity, "PipeContract", null));
        return manifest;
    }

    public static PlacementDecision Place(ApplicationManifest manifest, SystemView view) => PlacementPlanner.Place(manifest, view);

    /// <summary>Places the manifest and records its serviceProviders as running where it went, as a launch does.</summary>
    public static PlacementDecision Launch(this SystemView view, ApplicationManifest manifest)
    {
        PlacementDecision decision = PlacementPlanner.Place(manifest, view);
        if (decision.Kernel is not null)
            foreach (ManifestEndpoint endpoint in manifest.Endpoints.Where(e => e.Kind == EndpointKind.ServiceProvider))
                view.Services.Add(new RunningService(ServiceProviderRules.PathOf(manifest, endpoint), endpoint.ContractName, decision.Kernel.Id, manifest.Name));
        return decision;
    }
}
