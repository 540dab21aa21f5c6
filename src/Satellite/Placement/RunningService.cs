// A service running somewhere, as the namespace lists it: its path, the contract it speaks and the kernel its provider
// runs on. Placement weighs a manifest's channels against these; a copy of the app being placed is one of them too.
#nullable enable

namespace Helios.Satellite.Placement
{
    public sealed class RunningService
    {
        public RunningService(string path, string contractName, string kernelId, string? provider = null)
        {
            Path = path;
            ContractName = contractName;
            KernelId = kernelId;
            Provider = provider;
        }

        /// <summary>Where the service is registered (/services/tcp).</summary>
        public string Path { get; }

        /// <summary>The contract it speaks, as its provider's manifest names it (TcpContract or Helios.Contracts.TcpContract).</summary>
        public string ContractName { get; }

        /// <summary>The kernel the provider runs on.</summary>
        public string KernelId { get; }

        /// <summary>The application that provides it, when known: only explanations use it.</summary>
        public string? Provider { get; }

        public override string ToString() => Path + " (" + ContractName + ") on " + KernelId;
    }
}
