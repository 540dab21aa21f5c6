// A contract library outside the checkout (docs/apps.md, "Contract libraries outside the checkout"): in a temporary
// folder, offline from the local feed, `dotnet new helios-contracts -n KvContracts`, a server and a client made with
// `dotnet new helios-app --contracts KvContracts` (the client with --server KvServer, which puts the server in its
// bundle and starts both) build with Helios.App.Sdk, and the client's `dotnet run` serves and uses the library's
// contract on both ISAs. An app carrying its own drifted copy of the library's contract fails `dotnet build` with
// HL0115 naming both files. The projects are made and built once (KvProjects) for the tests of this class.
using Helios.Tooling;
using Xunit;

namespace Helios.Tests.Apps;

public class ContractLibraryTemplateTests(ContractLibraryTemplateTests.KvProjects kv) : IClassFixture<ContractLibraryTemplateTests.KvProjects>
{
    [Fact]
    public void AServerAndAClientSharingALibraryRunOnBothIsas()
    {
        Assert.Contains("--contracts <this library> --server <Server>", kv.LibraryCreated);
        foreach (Isa isa in new[] { Isa.X86_64, Isa.Arm64 })
        {
            // The timeout only catches a hang: a loaded host boots slowly, never that slowly.
            (int code, string output) = kv.Folder.Dotnet(kv.Client, "run", "--", "--arch", isa.Name(), "--timeout", "240");
            Assert.True(code == 0, $"{isa.Name()}: dotnet run exited with {code}:\n{output}");
            Assert.Contains("[kvserver] served one client: total 15", output);
            Assert.Contains("[kvclient] total 15 after 5 additions", output);
        }
    }

    [Fact]
    public void AnAppWithADriftedCopyOfTheLibrarysContractFailsItsBuild()
    {
        string library = Path.Combine(kv.Folder.Root, "KvContracts", "KvContract.contract");
        string app = kv.Folder.NewApp("KvDrift", out _, "--contracts", "KvContracts");
        string copy = Path.Combine(app, "KvContract.contract");
        File.WriteAllText(copy, "// my copy\n" + File.ReadAllText(library).Replace("Add(int amount)", "Add(long amount)"));

        (int code, string output) = kv.Folder.Dotnet(app, "build", "-p:HeliosIsas=x86_64");
        Assert.True(code != 0, output);
        int line = Array.FindIndex(File.ReadAllLines(copy), l => l.StartsWith("contract KvContract", StringComparison.Ordinal)) + 1;
        Assert.Contains($"{copy}({line},10): error HL0115: contract 'KvContract' is also declared by the contract library KvContracts, "
            + $"which this app references, at {library}({line - 1},10); the two differ", output);
        Assert.DoesNotContain("error CS", output);
    }

    /// <summary>KvContracts, KvServer and KvClient made from the templates and built for both ISAs.</summary>
    public sealed class KvProjects : IDisposable
    {
        public KvProjects()
        {
            try
            {
                Folder.New("helios-contracts", "KvContracts", out string created);
                LibraryCreated = created;
                Folder.NewApp("KvServer", out _, "--contracts", "KvContracts");
                Client = Folder.NewApp("KvClient", out _, "--contracts", "KvContracts", "--server", "KvServer");
                // The client's build builds the library and the server too (its references).
                Folder.SucceedDotnet(Client, "build");
            }
            catch
            {
                Folder.Dispose();           // xunit disposes no fixture whose constructor threw
                throw;
            }
        }

        internal TemplateFolder Folder { get; } = new();

        /// <summary>What dotnet new helios-contracts printed: its next steps.</summary>
        public string LibraryCreated { get; }

        public string Client { get; }

        public void Dispose() => Folder.Dispose();
    }
}
