// The projects the boot bundle packs (the bundle project writes their list at every build: src/Bundle), and the
// question an app-only build rests on: which single app do these changed files belong to, if building that app and
// re-bundling is all the change needs?
namespace Helios.Tooling.Incremental;

public sealed class AppProjects
{
    private readonly IReadOnlyList<string> _projects;   // relative to the checkout, '/' separators

    public AppProjects(IEnumerable<string> projects) => _projects = [.. projects];

    /// <summary>Where the bundle project writes the list of app projects (one full path per line).</summary>
    public static string ListPath(string root, string configuration) =>
        Path.Combine(root, "artifacts", "obj", "Helios.Bundle", configuration.ToLowerInvariant(), "app-projects.txt");

    public static AppProjects? Load(string root, string configuration)
    {
        string list = ListPath(root, configuration);
        if (!File.Exists(list)) return null;
        return new AppProjects(File.ReadAllLines(list).Where(l => l.Length > 0)
            .Select(l => Path.GetRelativePath(root, l.Trim()).Replace('\\', '/')));
    }

    /// <summary>
    /// The one app project owning every changed path, when an app-only build of it is enough; null otherwise, with
    /// the reason. It is enough when every path is a file inside that project's folder, none is an MSBuild file (a
    /// changed project file can change references and needs a restore), no Helios* environment variable changed, and
    /// no other project or MSBuild file of the checkout names the folder or the project (another project compiling the
    /// app's sources or referencing it would be left stale).
    /// </summary>
    public string? SoleOwner(IReadOnlyList<string> changed, IReadOnlyDictionary<string, string> sources,
        Func<string, string> readText, out string why)
    {
        string? owner = null;
        foreach (string path in changed)
        {
            if (path.StartsWith(SourceSnapshot.EnvironmentPrefix, StringComparison.Ordinal))
                return Refuse($"the environment variable {path[SourceSnapshot.EnvironmentPrefix.Length..]} changed", out why);
            if (IsMsBuildFile(path)) return Refuse($"{path} is an MSBuild file", out why);
            string? project = _projects.FirstOrDefault(p => path.StartsWith(Folder(p) + "/", StringComparison.Ordinal));
            if (project is null) return Refuse($"{path} is not in an app's folder", out why);
            if (owner is not null && owner != project) return Refuse("more than one app changed", out why);
            owner = project;
        }
        if (owner is null) return Refuse("nothing changed", out why);

        string folder = Folder(owner);
        string[] segments = folder.Split('/');
        string[] names = [string.Join('/', segments[Math.Max(0, segments.Length - 2)..]) + "/", Path.GetFileName(owner)];
        foreach (string file in sources.Keys.Where(IsMsBuildFile))
        {
            // The solution lists every project; that builds nothing into another.
            if (file == owner || file.EndsWith(".sln", StringComparison.OrdinalIgnoreCase)) continue;
            string text = readText(file).Replace('\\', '/');
            if (names.Any(name => text.Contains(name, StringComparison.OrdinalIgnoreCase)))
                return Refuse($"{file} names {owner}'s folder or project", out why);
        }
        why = "";
        return owner;
    }

    private static string Folder(string project) => Path.GetDirectoryName(project)!.Replace('\\', '/');

    private static bool IsMsBuildFile(string path) =>
        path.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".props", StringComparison.OrdinalIgnoreCase)
        || path.EndsWith(".targets", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".sln", StringComparison.OrdinalIgnoreCase)
        || path.EndsWith(".json", StringComparison.OrdinalIgnoreCase) && !path.Contains('/');

    private static string? Refuse(string reason, out string why)
    {
        why = reason;
        return null;
    }
}
