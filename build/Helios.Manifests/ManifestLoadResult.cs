// What loading a manifest produced: the model when the manifest is valid, otherwise the problems, in file order.
using Helios.Kernel.Manifests;

namespace Helios.Manifests;

public sealed class ManifestLoadResult
{
    internal ManifestLoadResult(ApplicationManifest? manifest, IReadOnlyList<ManifestDiagnostic> diagnostics)
    {
        Manifest = diagnostics.Count == 0 ? manifest : null;
        Diagnostics = diagnostics;
    }

    /// <summary>The manifest, or null when there is any diagnostic.</summary>
    public ApplicationManifest? Manifest { get; }

    public IReadOnlyList<ManifestDiagnostic> Diagnostics { get; }

    public bool IsValid => Manifest is not null;
}
