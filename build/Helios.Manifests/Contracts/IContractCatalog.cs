// The contracts a manifest may name: the one question manifest checking asks of the contract front end.
namespace Helios.Manifests.Contracts;

public interface IContractCatalog
{
    /// <summary>Whether a contract of this name (as a manifest writes it, e.g. "TcpContract") exists.</summary>
    bool Contains(string contractName);

    /// <summary>Where the contracts come from, for messages (e.g. "the *.contract files under src/Contracts").</summary>
    string Source { get; }
}
