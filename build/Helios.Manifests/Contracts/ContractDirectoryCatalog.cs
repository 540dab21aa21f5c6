// The contracts declared in the *.contract files under a directory (recursively): what `--contracts <dir>` checks
// manifests against.
using Helios.Kernel.Manifests;

namespace Helios.Manifests.Contracts;

public sealed class ContractDirectoryCatalog : IContractCatalog
{
    /// <summary>Contract files are small; a larger file is not a contract and is skipped rather than read whole.</summary>
    private const long MaxFileBytes = 4 << 20;

    private readonly HashSet<string> _names = new(StringComparer.Ordinal);

    private ContractDirectoryCatalog(string directory, string source)
    {
        Directory = directory;
        Source = source;
    }

    public string Directory { get; }

    public string Source { get; }

    public int Count => _names.Count;

    /// <summary>
    /// Whether a manifest's contractName names a contract here: its own name, or that name qualified by a namespace
    /// (ManifestRules.ContractOwnName, the rule the kernel applies too: a .contract file's namespace is its project's).
    /// </summary>
    public bool Contains(string contractName) => _names.Contains(contractName) || _names.Contains(ManifestRules.ContractOwnName(contractName));

    /// <summary>Scans directory; throws DirectoryNotFoundException when it does not exist.</summary>
    public static ContractDirectoryCatalog Load(string directory)
    {
        if (!System.IO.Directory.Exists(directory)) throw new DirectoryNotFoundException($"contract directory '{directory}' does not exist");
        var catalog = new ContractDirectoryCatalog(directory, $"the *.contract files under {directory}");
        var options = new EnumerationOptions { RecurseSubdirectories = true, IgnoreInaccessible = true, AttributesToSkip = FileAttributes.ReparsePoint };
        foreach (string file in System.IO.Directory.EnumerateFiles(directory, "*.contract", options))
        {
            if (new FileInfo(file).Length > MaxFileBytes) continue;
            foreach (string name in ContractNameScanner.Scan(File.ReadAllText(file))) catalog._names.Add(name);
        }
        return catalog;
    }
}
