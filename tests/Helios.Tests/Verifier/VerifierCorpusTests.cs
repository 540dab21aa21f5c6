// The verifier's corpus (tests/Verifier): every unsafe app is refused with the errors its "expect:" lines name (and
// no error of a rule it does not expect); every safe app, ordinary C# of many kinds, is accepted.
using Helios.Verifier;
using Xunit;

namespace Helios.Tests.Verifier;

public class VerifierCorpusTests
{
    public static TheoryData<string> Unsafe => Files("unsafe");

    public static TheoryData<string> Safe => Files("safe");

    [Fact]
    public void TheCorpusIsLargeEnough()
    {
        Assert.True(Unsafe.Count >= 12, $"{Unsafe.Count} unsafe apps");
        Assert.True(Safe.Count >= 5, $"{Safe.Count} safe apps");
    }

    [Theory]
    [MemberData(nameof(Unsafe))]
    public void UnsafeAppIsRefusedNamingTheMethod(string name)
    {
        TestApp app = TestApp.Build(Path.Combine(TestData.VerifierApps("unsafe"), name));
        Assert.NotEmpty(app.Expected);
        VerificationResult result = app.Verify();
        string all = string.Join("\n", result.Errors);
        Assert.False(result.IsSafe);
        foreach ((string rule, string text) in app.Expected)
            Assert.True(result.Errors.Any(e => e.Rule.Code() == rule && e.ToString().Contains(text, StringComparison.Ordinal)),
                $"expected {rule} containing \"{text}\"; got:\n{all}");
        var expectedRules = app.Expected.Select(e => e.Rule).ToHashSet();
        Assert.True(result.Errors.All(e => expectedRules.Contains(e.Rule.Code())), $"unexpected kinds of error:\n{all}");
    }

    [Theory]
    [MemberData(nameof(Safe))]
    public void SafeAppIsAccepted(string name)
    {
        TestApp app = TestApp.Build(Path.Combine(TestData.VerifierApps("safe"), name));
        VerificationResult result = app.Verify();
        Assert.True(result.IsSafe, string.Join("\n", result.Errors));
    }

    /// <summary>Unoptimised code (more locals, stack spills, nops) must be accepted too.</summary>
    [Theory]
    [MemberData(nameof(Safe))]
    public void SafeAppIsAcceptedInADebugBuild(string name)
    {
        string file = Path.Combine(TestData.VerifierApps("safe"), name);
        byte[] image = TestApp.CompileFiles(Path.GetFileNameWithoutExtension(name), [file], optimize: false);
        var policy = new VerifierPolicy();
        policy.ReferencePaths.Add(TestData.RuntimeAssembly);
        VerificationResult result = new AppVerifier(policy).Verify(image, name);
        Assert.True(result.IsSafe, string.Join("\n", result.Errors));
    }

    private static TheoryData<string> Files(string folder)
    {
        var data = new TheoryData<string>();
        foreach (string file in Directory.GetFiles(TestData.VerifierApps(folder), "*.cs").Order(StringComparer.Ordinal)) data.Add(Path.GetFileName(file));
        return data;
    }
}
