// Copies of a checkout's sources without its build outputs: a tree that builds from nothing (./helios bench build's
// clean build, the incremental-build tests' isolated checkout), so the developer's own tree is never touched.
namespace Helios.Tooling;

public static class SourceTree
{
    /// <summary>Build outputs that may sit in a source folder; a copy makes its own.</summary>
    public static readonly IReadOnlyList<string> Skipped = ["bin", "obj", "artifacts", ".vs"];

    /// <summary>What `dotnet build Helios.sln` reads at the top of a checkout besides its folders.</summary>
    public static readonly IReadOnlyList<string> TopFiles = ["Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props", "global.json", "Helios.sln", "helios"];

    /// <summary>The folders the solution's projects live in.</summary>
    public static readonly IReadOnlyList<string> SolutionFolders = ["build", "src", "manifests", "tests", "bench"];

    /// <summary>Copies a folder and everything under it except <see cref="Skipped"/> folders.</summary>
    public static void CopyTree(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (string file in Directory.EnumerateFiles(from))
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
        foreach (string dir in Directory.EnumerateDirectories(from))
            if (!Skipped.Contains(Path.GetFileName(dir)))
                CopyTree(dir, Path.Combine(to, Path.GetFileName(dir)));
    }

    /// <summary>A whole checkout's sources (the solution and every folder of it), as a fresh clone would have them.</summary>
    public static void CopyCheckout(string root, string to)
    {
        Directory.CreateDirectory(to);
        foreach (string file in TopFiles)
            if (File.Exists(Path.Combine(root, file))) File.Copy(Path.Combine(root, file), Path.Combine(to, file));
        foreach (string folder in SolutionFolders)
            CopyTree(Path.Combine(root, folder), Path.Combine(to, folder));
    }
}
