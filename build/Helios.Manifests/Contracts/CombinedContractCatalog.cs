// The contracts of several catalogs: an app's manifest may name the system's contracts (src/Contracts) and the
// app's own (the *.contract files of its project, which the app SDK compiles into it).
namespace Helios.Manifests.Contracts;

public sealed class CombinedContractCatalog : IContractCatalog
{
    private readonly IReadOnlyList<IContractCatalog> _catalogs;

    public CombinedContractCatalog(IReadOnlyList<IContractCatalog> catalogs)
    {
        _catalogs = catalogs;
        Source = string.Join(" and ", catalogs.Select(c => c.Source));
    }

    public string Source { get; }

    public bool Contains(string contractName) => _catalogs.Any(c => c.Contains(contractName));
}
