// Contract libraries (build/Helios.ContractLibrary.props, build/Helios.AppContractLibraries.targets): a project of
// .contract files only becomes one assembly that apps reference with a ProjectReference; the app uses its endpoints,
// its manifest names its contracts, its image contains it. A contract declared both by a library and by the app (or by
// two libraries the app references) fails the app's build at the later declaration, naming both files, before C#.
using Xunit;

namespace Helios.Tests.Apps;

public class ContractLibraryBuildTests
{
    private const string Echo = "contract EchoContract {\n  in message Say(int n);\n  out message Said(int n);\n  state Start: Say? -> Said! -> Start;\n}\n";

    // An app referencing libraries (and with own .contract files, if any), using EchoContract from namespace EchoLib.
    private static string MakeApp(ScratchApps scratch, string name, string[] libraries, params (string File, string Text)[] own)
    {
        string project = Path.Combine(scratch.Apps, name);
        Directory.CreateDirectory(project);
        string references = string.Concat(libraries.Select(l => $"    <ProjectReference Include=\"{l}\" />\n"));
        File.WriteAllText(Path.Combine(project, name + ".csproj"),
            $"<Project Sdk=\"Microsoft.NET.Sdk\">\n  <ItemGroup>\n{references}  </ItemGroup>\n</Project>\n");
        foreach ((string file, string text) in own) File.WriteAllText(Path.Combine(project, file), text);
        File.WriteAllText(Path.Combine(project, "Program.cs"), $$"""
            namespace {{name}};
            public static class Program
            {
                public static int Main()
                {
                    // The library's generated endpoints, used as an app uses them.
                    EchoLib.EchoContract.NewChannel(out EchoLib.EchoContract.Imp client, out EchoLib.EchoContract.Exp server);
                    client.Close();
                    server.Close();
                    return 0;
                }
            }
            """);
        return Path.Combine(project, name + ".csproj");
    }

    private static string Library(ScratchApps scratch, string name, params (string File, string Text)[] contracts)
    {
        string project = scratch.MakeContractLibrary(name, contracts);
        // The namespace the apps above use.
        File.WriteAllText(project, File.ReadAllText(project).Replace("</Project>",
            "  <PropertyGroup><HeliosContractNamespace>EchoLib</HeliosContractNamespace></PropertyGroup>\n</Project>"));
        return project;
    }

    [Fact]
    public void AnAppUsesAContractLibraryItReferences()
    {
        using var scratch = new ScratchApps();
        string library = Library(scratch, "EchoContracts", ("EchoContract.contract", Echo));
        string project = MakeApp(scratch, "LibraryProbe", [library]);
        // The manifest names the library's contract: the manifest check knows it.
        File.WriteAllText(Path.Combine(scratch.Apps, "libraryprobe.manifest.xml"), """
            <?xml version="1.0" encoding="utf-8"?>
            <application name="libraryprobe" runtime="Full">
              <process image="libraryprobe.elf" heapLimit="16M" stackSize="64K" />
              <endpoints>
                <serviceProvider id="0" contractName="EchoContract" path="/services/echo" />
              </endpoints>
            </application>
            """);
        string output = ScratchApps.Succeed("dotnet", "build", project, "-c", TestData.Configuration, "-p:HeliosIsas=x86_64");
        Assert.Contains("helios: libraryprobe: verify", output);
        Assert.DoesNotContain("helios: libraryprobe: contracts", output);        // no contracts of its own
        string image = Path.Combine(TestData.Repo.Root, "artifacts", "images", TestData.Configuration.ToLowerInvariant(), "x86_64", "apps", "libraryprobe.elf");
        Assert.True(File.Exists(image), output);
        // ilc compiled the library into the image, as an input of its own.
        string rsp = Directory.GetFiles(Path.Combine(TestData.Repo.Root, "artifacts", "obj", "LibraryProbe"), "libraryprobe.ilc.rsp", SearchOption.AllDirectories).Single();
        Assert.Contains(File.ReadAllLines(rsp), line => line.EndsWith("EchoContracts.dll", StringComparison.Ordinal));

        // Without the library's contract the same manifest is refused: the check above was not vacuous.
        File.WriteAllText(project, "<Project Sdk=\"Microsoft.NET.Sdk\" />\n");
        File.WriteAllText(Path.Combine(scratch.Apps, "LibraryProbe", "Program.cs"), "namespace LibraryProbe;\npublic static class Program { public static int Main() => 0; }\n");
        (int code, string refused) = ScratchApps.Run("dotnet", "build", project, "-c", TestData.Configuration, "-p:HeliosIsas=x86_64");
        Assert.True(code != 0, refused);
        Assert.Contains("libraryprobe.manifest.xml(5,", refused);
        Assert.Contains("error HM0008: <serviceProvider> contractName=\"EchoContract\" names a contract that does not exist", refused);
    }

    [Fact]
    public void AnAppsOwnCopyOfALibrarysContractFailsTheBuildNamingBothFiles()
    {
        using var scratch = new ScratchApps();
        string library = Library(scratch, "EchoContracts", ("EchoContract.contract", Echo));
        string project = MakeApp(scratch, "DriftProbe", [library], ("EchoContract.contract", "// my copy\n" + Echo.Replace("Say(int n)", "Say(long n)")));
        (int code, string output) = ScratchApps.Run("dotnet", "build", project, "-c", TestData.Configuration, "-p:HeliosIsas=x86_64");
        Assert.True(code != 0, output);
        string copy = Path.Combine(scratch.Apps, "DriftProbe", "EchoContract.contract");
        string original = Path.Combine(Path.GetDirectoryName(library)!, "EchoContract.contract");
        Assert.Contains($"{copy}(2,10): error HL0115: contract 'EchoContract' is also declared by the contract library EchoContracts, which this app references, "
            + $"at {original}(1,10); the two differ", output);
        Assert.DoesNotContain("error CS", output);          // found before C#'s ambiguity between two generated types
        Assert.DoesNotContain("driftprobe: ilc", output);
    }

    [Fact]
    public void TwoLibrariesDeclaringOneContractFailTheBuildOfAnAppReferencingBoth()
    {
        using var scratch = new ScratchApps();
        string first = Library(scratch, "EchoContracts", ("EchoContract.contract", Echo));
        string second = Library(scratch, "MoreEchoContracts", ("Echo.contract", Echo.Replace("Said(int n)", "Said(int n, int m)")));
        string project = MakeApp(scratch, "TwoLibrariesProbe", [first, second]);
        (int code, string output) = ScratchApps.Run("dotnet", "build", project, "-c", TestData.Configuration, "-p:HeliosIsas=x86_64");
        Assert.True(code != 0, output);
        string later = Path.Combine(Path.GetDirectoryName(second)!, "Echo.contract");
        Assert.Contains($"{later}(1,10): error HL0115: contract 'EchoContract' is declared by the contract libraries EchoContracts "
            + $"(at {Path.Combine(Path.GetDirectoryName(first)!, "EchoContract.contract")}(1,10)) and MoreEchoContracts", output);
    }

    [Fact]
    public void AContractLibraryWithCSharpFailsItsBuild()
    {
        using var scratch = new ScratchApps();
        string library = Library(scratch, "SneakyContracts", ("EchoContract.contract", Echo));
        File.WriteAllText(Path.Combine(Path.GetDirectoryName(library)!, "Helper.cs"), "namespace EchoLib { public static class Helper { } }\n");
        (int code, string output) = ScratchApps.Run("dotnet", "build", library, "-c", TestData.Configuration);
        Assert.True(code != 0, output);
        Assert.Contains("Helper.cs", output);
        Assert.Contains("a contract library holds .contract files only", output);
    }
}
