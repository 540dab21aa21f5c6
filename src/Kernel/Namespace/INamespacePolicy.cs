// Who may register what: the hook where manifests decide. NameService's policy is ManifestNamespacePolicy (a process
// may advertise a service only at the paths its manifest declares as serviceProvider endpoints, with their
// contracts; kernel threads may register anything); tests may swap in another.
using Helios.Channels;

namespace Helios.Kernel.Namespace
{
    public interface INamespacePolicy
    {
        /// <summary>Null when owner may register path for contract, else the reason it may not.</summary>
        string MayRegister(ExOwner owner, string path, string contractName);
    }
}
