// A platform preference (paper §3.7.2): positive affinity for the kernels of one platform, e.g. "arm64-device". When a
// manifest has any, the process runs only on a kernel of a listed platform, the highest affinity that has one.
#nullable enable

namespace Helios.Kernel.Manifests
{
    public sealed class PlatformPreference
    {
        public PlatformPreference(string name, int affinity)
        {
            Name = name;
            Affinity = affinity;
        }

        /// <summary>The platform a kernel advertises in the namespace (/kernels/&lt;id&gt;), e.g. "x86_64".</summary>
        public string Name { get; }

        /// <summary>ManifestLimits.MinPlatformAffinity..MaxAffinity.</summary>
        public int Affinity { get; }
    }
}
