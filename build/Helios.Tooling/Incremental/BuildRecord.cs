// What the last successful build through ./helios built: from which sources (SourceSnapshot), for which ISAs, leaving
// which outputs (BuildOutputs), and, after an app-only build, which app's changes are in the images on top of that.
// Kept in artifacts/obj/helios-build/<config>.json. A record that is missing, unreadable or of another version means
// "build everything", never "up to date".
using System.Text.Json;

namespace Helios.Tooling.Incremental;

public sealed class BuildRecord
{
    public int Version { get; set; } = CurrentVersion;
    public Dictionary<string, string> Sources { get; set; } = [];
    public List<string> Isas { get; set; } = [];
    public string Outputs { get; set; } = "";
    public AppChange? App { get; set; }

    /// <summary>Changes to one app's files built by an app-only build, on top of <see cref="Sources"/>.</summary>
    public sealed class AppChange
    {
        public string Project { get; set; } = "";
        public List<string> Isas { get; set; } = [];
        public Dictionary<string, string> Changed { get; set; } = [];
    }

    private const int CurrentVersion = 1;

    public static string PathFor(string root, string configuration) =>
        Path.Combine(root, "artifacts", "obj", "helios-build", configuration.ToLowerInvariant() + ".json");

    public static BuildRecord? Load(string file)
    {
        try
        {
            var record = JsonSerializer.Deserialize<BuildRecord>(File.ReadAllText(file));
            return record is { Version: CurrentVersion } ? record : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }

    public void Save(string file)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(file)!);
        // A temporary file of its own: two ./helios commands may finish builds at the same time.
        string temporary = file + "." + Guid.NewGuid().ToString("N")[..8] + ".tmp";
        File.WriteAllText(temporary, JsonSerializer.Serialize(this));
        File.Move(temporary, file, overwrite: true);
    }

    public static void Forget(string file) => File.Delete(file);

    /// <summary>
    /// After a whole build of <paramref name="isas"/> from <paramref name="sources"/> (taken before it started, so an
    /// edit made while it ran is a change next time). ISAs an earlier record built from the same sources stay built.
    /// </summary>
    public static BuildRecord AfterEverything(BuildRecord? last, SourceSnapshot sources, IEnumerable<string> isas, string outputs)
    {
        bool sameSources = last is { App: null } && sources.ChangedSince(last.Sources).Count == 0;
        return new BuildRecord
        {
            Sources = new Dictionary<string, string>(sources.Files),
            Isas = [.. (sameSources ? last!.Isas.Union(isas) : isas).Distinct().Order(StringComparer.Ordinal)],
            Outputs = outputs,
        };
    }

    /// <summary>After an app-only build of <paramref name="project"/>, whose files <paramref name="changed"/> lists.</summary>
    public static BuildRecord AfterApp(BuildRecord last, SourceSnapshot sources, string project, IReadOnlyList<string> changed,
        IEnumerable<string> isas, string outputs)
    {
        var now = changed.ToDictionary(p => p, p => sources.Files.TryGetValue(p, out string? stamp) ? stamp : "", StringComparer.Ordinal);
        bool sameChange = last.App is { } app && app.Project == project && SameStamps(app.Changed, now);
        return new BuildRecord
        {
            Sources = last.Sources,
            Isas = last.Isas,
            Outputs = outputs,
            App = new AppChange
            {
                Project = project,
                Isas = [.. (sameChange ? last.App!.Isas.Union(isas) : isas).Distinct().Order(StringComparer.Ordinal)],
                Changed = now,
            },
        };
    }

    internal static bool SameStamps(IReadOnlyDictionary<string, string> a, IReadOnlyDictionary<string, string> b) =>
        a.Count == b.Count && a.All(entry => b.TryGetValue(entry.Key, out string? stamp) && stamp == entry.Value);
}
