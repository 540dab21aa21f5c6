// The image build is incremental: nothing changed, nothing compiled; one kernel file touched, only what depends on
// it. These tests run dotnet build, so they run alone, after the tests that boot the images.
using System.Diagnostics;
using Xunit;

namespace Helios.Tests.Build;

[CollectionDefinition(nameof(BuildCollection), DisableParallelization = true)]
public class BuildCollection;

[Collection(nameof(BuildCollection))]
public class IncrementalBuildTests
{
    private static readonly string Project = Path.Combine(TestData.Repo.Root, "tests", "Kernel", "Helios.Kernel.Tests.csproj");

    private static (int ExitCode, List<string> Steps, string Output) Build()
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = TestData.Repo.Root };
        foreach (string arg in new[] { "build", Project, "-nologo", "-v:minimal", "-clp:NoSummary" }) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        string output = process.StandardOutput.ReadToEnd() + process.StandardError.ReadToEnd();
        process.WaitForExit();
        var steps = output.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("helios: [", StringComparison.Ordinal)).ToList();
        return (process.ExitCode, steps, output);
    }

    [Fact]
    public void ANoOpBuildCompilesNothing()
    {
        Assert.Equal(0, Build().ExitCode);
        (int code, List<string> steps, string output) = Build();
        Assert.True(code == 0, output);
        Assert.True(steps.Count == 0, "a second build ran image steps:\n" + string.Join("\n", steps));
    }

    [Fact]
    public void TouchingAKernelFileRebuildsOnlyTheImagesThatContainIt()
    {
        Assert.Equal(0, Build().ExitCode);
        string file = Path.Combine(TestData.Repo.Root, "src", "Kernel", "Banner.cs");
        string runtime = Path.Combine(TestData.Repo.Root, "artifacts", "bin", "Helios.Runtime", "debug", "Helios.Runtime.dll");
        DateTime runtimeBefore = File.GetLastWriteTimeUtc(runtime);
        File.SetLastWriteTimeUtc(file, DateTime.UtcNow);

        (int code, List<string> steps, string output) = Build();
        Assert.True(code == 0, output);
        foreach (string isa in new[] { "x86_64", "arm64" })
            foreach (string image in new[] { "helios-kernel", "helios-kernel-tests" })
                Assert.Contains($"helios: [{isa}] {image}: ilc", steps);
        Assert.DoesNotContain(steps, s => s.Contains(": as ", StringComparison.Ordinal));
        Assert.Equal(runtimeBefore, File.GetLastWriteTimeUtc(runtime));
    }
}
