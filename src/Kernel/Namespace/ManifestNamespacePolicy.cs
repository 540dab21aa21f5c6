// The namespace's policy: a process may register only what its manifest declares as <serviceProvider> endpoints
// (ServiceProviderRules: that path, that contract); the kernel's own threads — whether they use the kernel's owner
// or an account of their own (Thread.ChannelOwner) — may register anything. A registration runs on the registering
// thread (a process's calls run on its own thread), so the process is the running one, and it must be the owner's.
using Helios.Channels;
using Helios.Kernel.Manifests;
using Helios.Kernel.Processes;

namespace Helios.Kernel.Namespace
{
    public sealed class ManifestNamespacePolicy : INamespacePolicy
    {
        public string MayRegister(ExOwner owner, string path, string contractName)
        {
            Process process = Process.Current;
            if (process is null || process.ChannelOwner != owner) return null;
            return ServiceProviderRules.MayRegister(process.Manifest, path, contractName);
        }
    }
}
