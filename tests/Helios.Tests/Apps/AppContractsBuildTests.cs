// An app's own contracts (build/Helios.AppContracts.targets): the app SDK compiles the *.contract files of an app
// project into a contract assembly beside the app, which the app uses, the verifier accepts and the image holds; a
// broken contract fails the app's build at its line and column before anything is compiled for an ISA.
using Xunit;

namespace Helios.Tests.Apps;

public class AppContractsBuildTests
{
    private const string Echo = "contract EchoContract {\n  in message Say(int n);\n  out message Said(int n);\n  state Start: Say? -> Said! -> Start;\n}\n";

    private static string MakeApp(ScratchApps scratch, string name, string contract)
    {
        string project = Path.Combine(scratch.Apps, name);
        Directory.CreateDirectory(Path.Combine(project, "Contracts"));
        File.WriteAllText(Path.Combine(project, name + ".csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\">\n</Project>\n");
        File.WriteAllText(Path.Combine(project, "Contracts", "EchoContract.contract"), contract);
        File.WriteAllText(Path.Combine(project, "Program.cs"), $$"""
            namespace {{name}};
            public static class Program
            {
                public static int Main()
                {
                    // The generated endpoints, used as an app uses them; the channel is made and closed.
                    EchoContract.NewChannel(out EchoContract.Imp client, out EchoContract.Exp server);
                    client.Close();
                    server.Close();
                    return (int)(EchoContract.Descriptor.Id & 0x7F);
                }
            }
            """);
        return Path.Combine(project, name + ".csproj");
    }

    [Fact]
    public void AnAppsOwnContractsBecomeAContractAssemblyTheVerifierAccepts()
    {
        using var scratch = new ScratchApps();
        string project = MakeApp(scratch, "EchoProbe", Echo);
        string output = ScratchApps.Succeed("dotnet", "build", project, "-c", TestData.Configuration);
        Assert.Contains("helios: echoprobe: contracts EchoContract.contract", output);
        Assert.Contains("helios: echoprobe: verify", output);
        string contracts = Directory.GetFiles(Path.Combine(TestData.Repo.Root, "artifacts", "obj", "EchoProbe"), "EchoProbe.Contracts.dll", SearchOption.AllDirectories).Single();
        using (var file = File.OpenRead(contracts))
        using (var pe = new System.Reflection.PortableExecutable.PEReader(file))
        {
            var metadata = System.Reflection.Metadata.PEReaderExtensions.GetMetadataReader(pe);
            var types = metadata.TypeDefinitions.Select(t => metadata.GetString(metadata.GetTypeDefinition(t).Name)).ToList();
            Assert.Contains("EchoContract", types);
            Assert.Contains("ContractCatalog", types);
        }
        foreach (string isa in new[] { "x86_64", "arm64" })
            Assert.True(File.Exists(Path.Combine(TestData.Repo.Root, "artifacts", "images", TestData.Configuration.ToLowerInvariant(), isa, "apps", "echoprobe.elf")), output);
    }

    [Fact]
    public void ABrokenContractFailsTheAppsBuildAtItsLine()
    {
        using var scratch = new ScratchApps();
        string project = MakeApp(scratch, "BrokenProbe", "contract EchoContract {\n  in message Say(strnig s);\n  state Start: Say? -> Start;\n}\n");
        (int code, string output) = ScratchApps.Run("dotnet", "build", project, "-c", TestData.Configuration);
        Assert.True(code != 0, output);
        Assert.Contains("EchoContract.contract(2,18): error HL0101: unknown type 'strnig'", output);
        Assert.DoesNotContain("brokenprobe: ilc", output);
    }
}
