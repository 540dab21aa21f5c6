// The build's inputs as the file system has them right now: every file `dotnet build Helios.sln` can read in the
// checkout (SourceTree's folders and top files, without build outputs), each as its size and last-write time, and the
// Helios* environment variables (MSBuild reads environment variables as properties, e.g. HeliosCc_arm64). Taking one
// costs a directory walk of about 1,200 files, a few milliseconds, which is what lets a no-op `./helios build` skip
// MSBuild's evaluation of 40 projects.
namespace Helios.Tooling.Incremental;

public sealed class SourceSnapshot
{
    /// <summary>Relative path with '/' separators (or "env:Name") → "size:ticks" (or the variable's value).</summary>
    public IReadOnlyDictionary<string, string> Files { get; }

    public SourceSnapshot(IReadOnlyDictionary<string, string> files) => Files = files;

    public const string EnvironmentPrefix = "env:";

    public static SourceSnapshot Take(string root)
    {
        var files = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string top in SourceTree.TopFiles)
            Add(files, root, Path.Combine(root, top));
        foreach (string folder in SourceTree.SolutionFolders)
            Walk(files, root, Path.Combine(root, folder));
        foreach (System.Collections.DictionaryEntry variable in Environment.GetEnvironmentVariables())
            if (variable.Key is string name && name.StartsWith("Helios", StringComparison.OrdinalIgnoreCase))
                files[EnvironmentPrefix + name] = variable.Value as string ?? "";
        return new SourceSnapshot(files);
    }

    /// <summary>Paths added, removed or changed (size or write time) since <paramref name="earlier"/>, sorted.</summary>
    public IReadOnlyList<string> ChangedSince(IReadOnlyDictionary<string, string> earlier)
    {
        var changed = new SortedSet<string>(StringComparer.Ordinal);
        foreach ((string path, string stamp) in Files)
            if (!earlier.TryGetValue(path, out string? before) || before != stamp) changed.Add(path);
        foreach (string path in earlier.Keys)
            if (!Files.ContainsKey(path)) changed.Add(path);
        return [.. changed];
    }

    private static void Walk(Dictionary<string, string> files, string root, string folder)
    {
        if (!Directory.Exists(folder)) return;
        foreach (string file in Directory.EnumerateFiles(folder)) Add(files, root, file);
        foreach (string dir in Directory.EnumerateDirectories(folder))
            if (!SourceTree.Skipped.Contains(Path.GetFileName(dir))) Walk(files, root, dir);
    }

    private static void Add(Dictionary<string, string> files, string root, string file)
    {
        var info = new FileInfo(file);
        if (!info.Exists) return;
        files[Path.GetRelativePath(root, file).Replace('\\', '/')] = Stamp(info);
    }

    internal static string Stamp(FileInfo info) => $"{info.Length}:{info.LastWriteTimeUtc.Ticks}";
}
