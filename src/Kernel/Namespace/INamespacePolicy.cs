// Who may register what: the hook where manifests decide (a process may advertise a service only at the paths its
// manifest declares as serviceProvider endpoints, with their contracts — src/Kernel/Manifests, ManifestEndpoint).
// Processes will install a policy that looks their owner's manifest up; until then the kernel's policy allows all.
using Helios.Channels;

namespace Helios.Kernel.Namespace
{
    public interface INamespacePolicy
    {
        /// <summary>Null when owner may register path for contract, else the reason it may not.</summary>
        string MayRegister(ExOwner owner, string path, string contractName);
    }

    internal sealed class AllowEverything : INamespacePolicy
    {
        public string MayRegister(ExOwner owner, string path, string contractName) => null;
    }
}
