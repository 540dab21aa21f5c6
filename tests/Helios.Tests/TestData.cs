// Paths to the repository's test data, build outputs and images, in the configuration this suite was built in.
using System.Reflection;
using Helios.Tooling;
using Helios.Tooling.Qemu;

namespace Helios.Tests;

internal static class TestData
{
    // Every machine this suite boots, through QemuOptions or the helios command, gives its satellite watch 10 s instead
    // of the kernel's 500 ms unless the test chose a timeout: load on the host must never fail a test
    // (docs/testing.md). Set before any test runs.
    [System.Runtime.CompilerServices.ModuleInitializer]
    internal static void GiveSatellitesTime()
    {
        if (Environment.GetEnvironmentVariable(QemuOptions.SatelliteTimeoutVariable) is null)
            Environment.SetEnvironmentVariable(QemuOptions.SatelliteTimeoutVariable, "10000");
    }

    public static readonly RepoPaths Repo = RepoPaths.Find(AppContext.BaseDirectory);

    /// <summary>Debug or Release: what `dotnet test` built, images included (Helios.Tests.csproj records it).</summary>
    public static readonly string Configuration = typeof(TestData).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "HeliosConfiguration").Value!;

    public static string Image(Isa isa, string name) => Repo.Image(Configuration, isa, name);

    /// <summary>A project's build output: artifacts/bin/&lt;project&gt;/&lt;config&gt;/&lt;file&gt;.</summary>
    public static string Bin(string project, string file)
        => Path.Combine(Repo.Root, "artifacts", "bin", project, Configuration.ToLowerInvariant(), file);

    /// <summary>tests/Manifests/&lt;folder&gt;: the manifest corpus (valid, invalid, contracts).</summary>
    public static string Manifests(string folder) => Path.Combine(Repo.Root, "tests", "Manifests", folder);

    /// <summary>tests/Verifier/&lt;folder&gt;: the verifier's test apps (safe, unsafe).</summary>
    public static string VerifierApps(string folder) => Path.Combine(Repo.Root, "tests", "Verifier", folder);

    /// <summary>Helios.Runtime as built (the reference assembly every SIP compiles against).</summary>
    public static string RuntimeAssembly => Bin("Helios.Runtime", "Helios.Runtime.dll");

    public static string BootCapture(string name) => Path.Combine(Repo.Root, "tests", "Data", "boot", name + ".memdump");
}
