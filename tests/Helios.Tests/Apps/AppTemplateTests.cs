// An app that builds wherever it lives (docs/apps.md, "Apps outside the checkout"): Helios.Templates from the local
// feed the build packs (artifacts/packages) is installed into a private template hive, `dotnet new helios-app` makes
// a project in a temporary folder outside the checkout, `dotnet build` there restores Helios.App.Sdk from the feed the
// template's nuget.config names (nothing else configured), and `dotnet run -- --arch <isa>` boots it in QEMU on both
// ISAs: its output is shown and dotnet run exits with the app's exit code (its argument count).
using System.Xml.Linq;
using Helios.Tooling;
using Xunit;

namespace Helios.Tests.Apps;

public class AppTemplateTests
{
    [Fact]
    public void ANewAppBuildsOutsideTheCheckoutAndRunsOnBothIsas()
    {
        string version = XDocument.Load(Path.Combine(TestData.Repo.Root, "Directory.Packages.props"))
            .Descendants("HeliosSdkVersion").Single().Value;
        string templates = Path.Combine(TestData.Repo.Root, "artifacts", "packages", $"Helios.Templates.{version}.nupkg");
        Assert.True(File.Exists(templates), $"{templates}: ./helios build packs it");
        string root = Path.Combine(Path.GetTempPath(), "helios-sdk-" + Guid.NewGuid().ToString("n")[..8]);
        Directory.CreateDirectory(root);
        try
        {
            string hive = Path.Combine(root, "hive");
            string project = Path.Combine(root, "Probe");
            ScratchApps.Succeed("dotnet", "new", "install", templates, "--debug:custom-hive", hive);
            string created = ScratchApps.Succeed("dotnet", "new", "helios-app", "-n", "Probe", "-o", project, "--debug:custom-hive", hive);
            Assert.Contains("dotnet run -- --arch x86_64", created);
            ScratchApps.SucceedIn(project, "dotnet", "build");
            Assert.True(File.Exists(Path.Combine(project, "probe.manifest.xml")), "the first build writes the manifest beside the project");

            foreach (Isa isa in new[] { Isa.X86_64, Isa.Arm64 })
            {
                // The timeout only catches a hang: a loaded host boots slowly, never that slowly.
                (int code, string output) = ScratchApps.RunIn(project, "dotnet", "run", "--", "--arch", isa.Name(), "--timeout", "240", "--", "one", "two");
                Assert.True(code == 2, $"{isa.Name()}: dotnet run exited with {code}, not the app's 2:\n{output}");
                Assert.Contains("[probe] Hello from Probe, with 2 argument(s)!", output);
                Assert.Contains("init: probe (pid 1) exited with code 2", output);
            }
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }
}
