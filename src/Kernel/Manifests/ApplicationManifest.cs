// An application's manifest as the kernel uses it: what to load, with what limits and arguments, and the affinities
// the placement algorithm (paper Figure 3) weighs. Built by the host from XML, carried to the kernel in binary form
// (ManifestBlobWriter/ManifestBlobReader); ManifestRules says what a valid one is.
#nullable enable
using System.Collections.Generic;

namespace Helios.Kernel.Manifests
{
    public sealed class ApplicationManifest
    {
        public ApplicationManifest(string name)
        {
            Name = name;
            Image = name;
        }

        /// <summary>The application's name: how it is started and how its console output is prefixed.</summary>
        public string Name { get; set; }

        public ManifestRuntime Runtime { get; set; } = ManifestRuntime.Full;

        /// <summary>The process image: the app's assembly name, which names its per-ISA image in the boot bundle.</summary>
        public string Image { get; set; }

        /// <summary>Bytes the process's heap may hold after a collection before it is out of memory.</summary>
        public ulong HeapLimit { get; set; } = ManifestLimits.DefaultHeapLimit;

        /// <summary>Bytes of stack for the main thread.</summary>
        public ulong StackSize { get; set; } = ManifestLimits.DefaultStackSize;

        public List<PlatformPreference> Platforms { get; } = new List<PlatformPreference>();

        public List<ManifestEndpoint> Endpoints { get; } = new List<ManifestEndpoint>();

        /// <summary>The process's arguments (argv after the name), in order.</summary>
        public List<string> Arguments { get; } = new List<string>();

        /// <summary>The PCI devices a driver declares (&lt;hardware&gt;): the only hardware the kernel grants it.</summary>
        public List<ManifestPciDevice> PciDevices { get; } = new List<ManifestPciDevice>();
    }
}
