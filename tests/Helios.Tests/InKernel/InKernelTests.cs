// Every in-kernel test, on each ISA, as its own pass or fail. The data comes from booting the test image in QEMU
// (tests/Kernel, run by the in-kernel runner); "(boot)" reports whether that boot itself held up.
using Helios.Tooling;
using Helios.Tooling.Testing;
using Xunit;

namespace Helios.Tests.InKernel;

public class InKernelTests
{
    public const string BootCase = "(boot)";

    public static IEnumerable<object[]> Cases()
    {
        // Both ISAs boot at once; results arrive in a fixed order.
        var runs = IsaNames.All.Select(name => (name, KernelTestRuns.Get(IsaNames.Parse(name)))).ToList();
        foreach ((string isa, Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport Main)> run) in runs)
        {
            yield return [isa, BootCase];
            foreach (InKernelTestResult result in run.GetAwaiter().GetResult().Results)
                yield return [isa, result.Name];
        }
    }

    [Theory]
    [MemberData(nameof(Cases), DisableDiscoveryEnumeration = true)]
    public async Task Test(string isa, string name)
    {
        (IReadOnlyList<InKernelTestResult> results, TestRunReport main) = await KernelTestRuns.Get(IsaNames.Parse(isa));
        if (name == BootCase)
        {
            Assert.True(main.Problem is null, main.Problem);
            return;
        }
        InKernelTestResult result = results.Single(r => r.Name == name);
        Assert.True(result.Passed, $"{isa} {name}: {result.Status}: {result.Message}");
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task EnoughTestsRanOnEachIsa(string isa)
    {
        (IReadOnlyList<InKernelTestResult> results, TestRunReport main) = await KernelTestRuns.Get(IsaNames.Parse(isa));
        Assert.Null(main.Problem);
        Assert.True(results.Count(r => r.Passed) >= 25, $"only {results.Count(r => r.Passed)} in-kernel tests passed on {isa}");
        Assert.Contains(results, r => r.ExpectedPanic is not null && r.Passed);
    }
}
