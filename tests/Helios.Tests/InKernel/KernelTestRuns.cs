// Boots the test image once per ISA for the whole test run (and once more per test that expects a panic) and keeps
// the results, so that every in-kernel test can be its own xunit case.
using System.Collections.Concurrent;
using Helios.Tooling;
using Helios.Tooling.Testing;

namespace Helios.Tests.InKernel;

internal static class KernelTestRuns
{
    private static readonly ConcurrentDictionary<Isa, Lazy<Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport Main)>>> Runs = new();

    public static Task<(IReadOnlyList<InKernelTestResult> Results, TestRunReport Main)> Get(Isa isa)
        => Runs.GetOrAdd(isa, i => new Lazy<Task<(IReadOnlyList<InKernelTestResult>, TestRunReport)>>(
            () => Task.Run(() => new KernelTestSession(TestData.Repo, TestData.Configuration).RunAllAsync(i)))).Value;
}
