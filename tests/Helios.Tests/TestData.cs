// Paths to the repository's test data and images.
using Helios.Tooling;

namespace Helios.Tests;

internal static class TestData
{
    public static readonly RepoPaths Repo = RepoPaths.Find(AppContext.BaseDirectory);

    public static string BootCapture(string name) => Path.Combine(Repo.Root, "tests", "Data", "boot", name + ".memdump");
}
