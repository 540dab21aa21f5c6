// A temporary folder outside the checkout with the checkout's templates (Helios.Templates from the local feed the
// build packs, artifacts/packages) installed in a template hive of its own, where `dotnet new` makes projects the
// way a user does: nothing configured but what the templates write (a nuget.config naming the feed).
using System.Xml.Linq;
using Xunit;

namespace Helios.Tests.Apps;

internal sealed class TemplateFolder : IDisposable
{
    public TemplateFolder()
    {
        string version = XDocument.Load(Path.Combine(TestData.Repo.Root, "Directory.Packages.props")).Descendants("HeliosSdkVersion").Single().Value;
        string templates = Path.Combine(TestData.Repo.Root, "artifacts", "packages", $"Helios.Templates.{version}.nupkg");
        Assert.True(File.Exists(templates), $"{templates}: ./helios build packs it");
        Directory.CreateDirectory(Root);
        ScratchApps.Succeed("dotnet", "new", "install", templates, "--debug:custom-hive", Hive);
    }

    /// <summary>The folder; each project goes in a folder of its name under it, as the templates expect.</summary>
    public string Root { get; } = Path.Combine(Path.GetTempPath(), "helios-sdk-" + Guid.NewGuid().ToString("n")[..8]);

    private string Hive => Path.Combine(Root, "hive");

    /// <summary>dotnet new helios-app with these options; what it printed (the next steps) in created.</summary>
    public string NewApp(string name, out string created, params string[] options) => New("helios-app", name, out created, options);

    /// <summary>dotnet new of this template, named name, in the folder name; returns that folder.</summary>
    public string New(string template, string name, out string created, params string[] options)
    {
        string project = Path.Combine(Root, name);
        created = ScratchApps.Succeed("dotnet", ["new", template, "-n", name, "-o", project, "--debug:custom-hive", Hive, .. options]);
        return project;
    }

    public void Dispose() => Directory.Delete(Root, recursive: true);
}
