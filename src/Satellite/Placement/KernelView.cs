// One kernel as placement sees it: its id (/kernels/<id>), the platform it advertises and how busy its CPUs are.
#nullable enable

namespace Helios.Satellite.Placement
{
    public sealed class KernelView
    {
        public KernelView(string id, string platform, int load)
        {
            Id = id;
            Platform = platform;
            Load = load;
        }

        /// <summary>The kernel's name in the namespace (/kernels/k0): "k0" is the coordinator by convention.</summary>
        public string Id { get; }

        /// <summary>What the kernel advertises itself as ("x86_64", "arm64-device"); manifests' platforms name these.</summary>
        public string Platform { get; }

        /// <summary>CPU load in percent (0 to 100) over the kernel's CPUs: the last pass's tie breaker.</summary>
        public int Load { get; }

        public override string ToString() => Id + " (" + Platform + ", load " + Load.ToString() + "%)";
    }
}
