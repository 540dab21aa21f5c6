// One message-passing channel a process is started with, as its manifest declares it: the placement algorithm reads
// its contract and affinity, the loader its id (the slot in the process's start-up endpoint table).
#nullable enable

namespace Helios.Kernel.Manifests
{
    public sealed class ManifestEndpoint
    {
        public ManifestEndpoint(EndpointKind kind, int id, int affinity, string contractName, string? path)
        {
            Kind = kind;
            Id = id;
            Affinity = affinity;
            ContractName = contractName;
            Path = path;
        }

        public EndpointKind Kind { get; }

        public int Id { get; }

        /// <summary>ManifestLimits.MinAffinity..MaxAffinity; 0 (the default) means no placement preference.</summary>
        public int Affinity { get; }

        /// <summary>The contract spoken on the channel, e.g. "TcpContract".</summary>
        public string ContractName { get; }

        /// <summary>The namespace path of the service (endpoint: optional, null binds by contract; serviceProvider:
        /// where the process advertises itself). Always null for pipes.</summary>
        public string? Path { get; }
    }
}
