// The bounds and defaults of an application manifest: one place for the schema (manifests/helios-manifest.xsd),
// the host checker, the binary codec and docs/manifests.md to agree on.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public static class ManifestLimits
    {
        /// <summary>Affinity of an endpoint: negative asks for another kernel, positive for the same one, 0 is no preference.</summary>
        public const int MinAffinity = -100;
        public const int MaxAffinity = 100;

        /// <summary>A platform preference is a positive affinity; zero or less would not say where to run.</summary>
        public const int MinPlatformAffinity = 1;

        /// <summary>Endpoint ids index the process's start-up endpoint table.</summary>
        public const int MaxEndpointId = 255;
        public const int MaxEndpoints = MaxEndpointId + 1;
        public const int MaxPlatforms = 16;
        public const int MaxArguments = 256;
        public const int MaxArgumentLength = 4096;
        public const int MaxPciDevices = 8;

        public const int MaxNameLength = 64;
        public const int MaxContractNameLength = 256;
        public const int MaxPathLength = 256;

        public const ulong MinHeapLimit = 64UL << 10;
        public const ulong MaxHeapLimit = 16UL << 30;
        public const ulong DefaultHeapLimit = 16UL << 20;

        public const ulong MinStackSize = 16UL << 10;
        public const ulong MaxStackSize = 16UL << 20;
        public const ulong DefaultStackSize = 64UL << 10;

        /// <summary>Where a serviceProvider without a path is advertised: this prefix plus the application's name.</summary>
        public const string DefaultServicePrefix = "/services/";
    }
}
