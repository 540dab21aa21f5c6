// Paths to the repository's test data and images.
using Helios.Tooling;

namespace Helios.Tests;

internal static class TestData
{
    public static readonly RepoPaths Repo = RepoPaths.Find(AppContext.BaseDirectory);

    /// <summary>tests/Manifests/&lt;folder&gt;: the manifest corpus (valid, invalid, contracts).</summary>
    public static string Manifests(string folder) => Path.Combine(Repo.Root, "tests", "Manifests", folder);

    public static string BootCapture(string name) => Path.Combine(Repo.Root, "tests", "Data", "boot", name + ".memdump");
}
