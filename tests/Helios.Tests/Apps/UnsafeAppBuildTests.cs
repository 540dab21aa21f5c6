// Unsafe apps never become images: the build's verify step (Helios.BuildTool verify, which build/Helios.App.targets
// runs before ilc) refuses every app of the verifier's unsafe corpus, naming the method. BuildErrorTests builds app
// projects with such code: their dotnet build fails with the error at its C# line.
using Helios.Tests.Verifier;
using Xunit;

namespace Helios.Tests.Apps;

public class UnsafeAppBuildTests
{
    public static TheoryData<string> Unsafe => new(Directory.GetFiles(TestData.VerifierApps("unsafe"), "*.cs").Select(Path.GetFileName).Order()!);

    [Theory]
    [MemberData(nameof(Unsafe))]
    public void TheBuildsVerifyStepRefusesTheApp(string name)
    {
        TestApp app = TestApp.Build(Path.Combine(TestData.VerifierApps("unsafe"), name));
        string directory = Path.GetDirectoryName(app.Path)!;
        var args = new List<string> { TestData.Bin("Helios.BuildTool", "Helios.BuildTool.dll"), "verify", "--app", app.Path,
            "--stamp", Path.Combine(directory, "verified.stamp"), "--reference", TestData.RuntimeAssembly };
        foreach (string allowed in app.Policy.AllowedAssemblies.Where(a => a != "Helios.Runtime"))
            args.AddRange(["--reference", Path.Combine(directory, allowed + ".dll")]);
        (int code, string output) = ScratchApps.Run("dotnet", [.. args]);
        Assert.True(code == 1, output);
        foreach ((string _, string text) in app.Expected) Assert.Contains(text, output);
        Assert.False(File.Exists(Path.Combine(directory, "verified.stamp")));
    }
}
