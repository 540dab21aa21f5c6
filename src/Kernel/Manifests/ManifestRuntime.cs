// The runtime a process is compiled against (the manifest's runtime attribute, kept from Singularity's manifests).
// The value is part of the binary manifest format.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public enum ManifestRuntime : byte
    {
        /// <summary>Helios.Runtime with its own heap and collector: the only runtime a SIP has today.</summary>
        Full = 0,
    }
}
