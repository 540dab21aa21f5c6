// How a boot bundle was made: the bundle step's arguments, kept beside it as <bundle>.args (one per line). After an
// app-only build (./helios boot with one app's sources changed) the helios command re-bundles from it with the build
// tool directly, instead of MSBuild evaluating every app project to collect the same list again.
namespace Helios.Tooling;

public static class BundleRecipe
{
    public static string PathOf(string bundle) => bundle + ".args";

    /// <summary>Written by the bundle step, only when it differs (the file's time is a build output's time).</summary>
    public static void Write(string bundle, IReadOnlyList<string> arguments)
    {
        string file = PathOf(bundle);
        string text = string.Join("\n", arguments) + "\n";
        if (!File.Exists(file) || File.ReadAllText(file) != text) File.WriteAllText(file, text);
    }

    /// <summary>The arguments, or null when there is no recipe (a bundle made before recipes were kept).</summary>
    public static IReadOnlyList<string>? Read(string bundle)
    {
        string file = PathOf(bundle);
        return File.Exists(file) ? File.ReadAllLines(file).Where(l => l.Length > 0).ToList() : null;
    }
}
