// A temporary folder outside the checkout with the checkout's templates (Helios.Templates from the local feed the
// build packs, artifacts/packages) installed in a template hive of its own, where `dotnet new` makes projects the
// way a user does: nothing configured but what the templates write (a nuget.config naming the feed).
// Its builds restore into a NuGet packages folder of its own (NUGET_PACKAGES), so that the Helios packages they use
// are this checkout's: the machine's cache holds one copy of Helios.App.Sdk 0.1.0 for every checkout on the machine,
// and another checkout's build that repacks it deletes that copy, mid-test. Every other package is the machine
// cache's own folder, linked, so restore stays offline and extracts nothing but the Helios packages.
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

        string machineCache = Environment.GetEnvironmentVariable("NUGET_PACKAGES") is { Length: > 0 } set
            ? set : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        Directory.CreateDirectory(Packages);
        foreach (string package in Directory.GetDirectories(machineCache))
            if (!Path.GetFileName(package).StartsWith("helios.", StringComparison.Ordinal))
                Directory.CreateSymbolicLink(Path.Combine(Packages, Path.GetFileName(package)), package);
    }

    /// <summary>The folder; each project goes in a folder of its name under it, as the templates expect.</summary>
    public string Root { get; } = Path.Combine(Path.GetTempPath(), "helios-sdk-" + Guid.NewGuid().ToString("n")[..8]);

    private string Hive => Path.Combine(Root, "hive");

    private string Packages => Path.Combine(Root, "packages");

    /// <summary>Runs dotnet in a folder with the folder's own NuGet packages folder; returns its exit code and output.</summary>
    public (int ExitCode, string Output) Dotnet(string directory, params string[] args)
        => ScratchApps.RunIn(directory, new Dictionary<string, string> { ["NUGET_PACKAGES"] = Packages }, "dotnet", args);

    /// <summary>Runs dotnet in a folder, as Dotnet does, and it must succeed; returns its output.</summary>
    public string SucceedDotnet(string directory, params string[] args)
    {
        (int code, string output) = Dotnet(directory, args);
        Assert.True(code == 0, $"dotnet {string.Join(" ", args)} failed:\n{output}");
        return output;
    }

    /// <summary>dotnet new helios-app with these options; what it printed (the next steps) in created.</summary>
    public string NewApp(string name, out string created, params string[] options) => New("helios-app", name, out created, options);

    /// <summary>dotnet new of this template, named name, in the folder name; returns that folder.</summary>
    public string New(string template, string name, out string created, params string[] options)
    {
        string project = Path.Combine(Root, name);
        created = ScratchApps.Succeed("dotnet", ["new", template, "-n", name, "-o", project, "--debug:custom-hive", Hive, .. options]);
        return project;
    }

    public void Dispose()
    {
        // The links first, each unlinked: what they point to is the machine's cache.
        foreach (FileSystemInfo link in new DirectoryInfo(Packages).EnumerateFileSystemInfos().Where(entry => entry.LinkTarget is not null))
            File.Delete(link.FullName);
        Directory.Delete(Root, recursive: true);
    }
}
