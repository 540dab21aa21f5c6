// Paths to the repository's test data and images.
using Helios.Tooling;

namespace Helios.Tests;

internal static class TestData
{
    public static readonly RepoPaths Repo = RepoPaths.Find(AppContext.BaseDirectory);

    /// <summary>tests/Manifests/&lt;folder&gt;: the manifest corpus (valid, invalid, contracts).</summary>
    public static string Manifests(string folder) => Path.Combine(Repo.Root, "tests", "Manifests", folder);

    /// <summary>tests/Verifier/&lt;folder&gt;: the verifier's test apps (safe, unsafe).</summary>
    public static string VerifierApps(string folder) => Path.Combine(Repo.Root, "tests", "Verifier", folder);

    /// <summary>Helios.Runtime as built (the reference assembly every SIP compiles against).</summary>
    public static string RuntimeAssembly => Path.Combine(Repo.Root, "artifacts", "bin", "Helios.Runtime", "debug", "Helios.Runtime.dll");

    public static string BootCapture(string name) => Path.Combine(Repo.Root, "tests", "Data", "boot", name + ".memdump");
}
