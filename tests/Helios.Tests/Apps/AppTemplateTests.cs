// An app that builds wherever it lives (docs/apps.md, "Apps outside the checkout"): Helios.Templates from the local
// feed the build packs (artifacts/packages) is installed into a private template hive, `dotnet new helios-app` makes
// a project in a temporary folder outside the checkout, `dotnet build` there restores Helios.App.Sdk from the feed the
// template's nuget.config names (nothing else configured), and `dotnet run -- --arch <isa>` boots it in QEMU: its
// output is shown and dotnet run exits with the app's exit code. The plain app runs on both ISAs; the one with a
// contract of its own (--service) on x86_64, as a service and its client started by dotnet run.
using Helios.Tooling;
using Xunit;

namespace Helios.Tests.Apps;

public class AppTemplateTests
{
    [Fact]
    public void ANewAppBuildsOutsideTheCheckoutAndRunsOnBothIsas()
    {
        using var folder = new TemplateFolder();
        string project = folder.NewApp("Probe", out string created);
        Assert.Contains("dotnet run -- --arch x86_64", created);
        folder.SucceedDotnet(project, "build");
        Assert.True(File.Exists(Path.Combine(project, "probe.manifest.xml")), "the first build writes the manifest beside the project");

        foreach (Isa isa in new[] { Isa.X86_64, Isa.Arm64 })
        {
            // The timeout only catches a hang: a loaded host boots slowly, never that slowly.
            (int code, string output) = folder.Dotnet(project, "run", "--", "--arch", isa.Name(), "--timeout", "240", "--", "one", "two");
            Assert.True(code == 2, $"{isa.Name()}: dotnet run exited with {code}, not the app's 2:\n{output}");
            Assert.Contains("[probe] Hello from Probe, with 2 argument(s)!", output);
            Assert.Contains("init: probe (pid 1) exited with code 2", output);
        }
    }

    [Fact]
    public void AServiceAppServesItsOwnClient()
    {
        using var folder = new TemplateFolder();
        string project = folder.NewApp("Adder", out _, "--service");
        Assert.True(File.Exists(Path.Combine(project, "AdderContract.contract")), "the service's contract, named for the app");
        folder.SucceedDotnet(project, "build", "-p:HeliosIsas=x86_64");

        (int code, string output) = folder.Dotnet(project, "run", "--", "--arch", "x86_64", "--timeout", "240");
        Assert.True(code == 0, $"dotnet run exited with {code}:\n{output}");
        Assert.Contains("[adder] served one client: total 15", output);
        Assert.Contains("[adder] total 15 after 5 additions", output);
    }
}
