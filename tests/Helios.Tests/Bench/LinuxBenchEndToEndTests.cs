// The Linux comparison for real on x86_64: Debian's kernel built into artifacts/linux (downloaded on the first run),
// booted in the benchmark machine, every case reported. About a minute when built, plus ~20 s the first time; the
// trait lets a hurried run skip it: dotnet test --filter "Category!=LinuxBench".
using Helios.Tooling;
using Helios.Tooling.Bench;
using Helios.Tooling.Bench.Linux;
using Xunit;

namespace Helios.Tests.Bench;

public class LinuxBenchEndToEndTests
{
    [Fact]
    [Trait("Category", "LinuxBench")]
    public async Task BootsLinuxAndReportsEveryCase()
    {
        var builder = new LinuxBenchBuilder(TestData.Repo);
        LinuxBenchArtifacts artifacts = await builder.BuildAsync(Isa.X86_64);
        Assert.StartsWith("linux-image-", artifacts.Kernel.Package);

        LinuxBenchRun run = await LinuxBenchRunner.RunAsync(artifacts, 11, TimeSpan.FromMinutes(10));
        Assert.Equal(LinuxBenchRunner.Cases, run.Results.Select(r => r.Name));
        Assert.All(run.Results, r => Assert.Equal((BenchUnit.Ticks, 11), (r.Unit, r.Iterations)));
        // Orders of magnitude a real Linux cannot leave: a system call is more than a few instructions and far less
        // than a process; a process costs more than a round trip through a pipe.
        ulong Median(string name) => run.Results.Single(r => r.Name == name).Median;
        Assert.InRange(Median("getpid"), 50UL, 20_000UL);
        Assert.True(Median("fork_exec_wait") > 10 * Median("pipe_pingpong_1"));
        Assert.True(Median("throw_catch_10frames") > Median("throw_catch_1frame"));
        Assert.True(Median("pipe_pingpong_65536") > Median("pipe_pingpong_1"));

        // Built already: a second build has nothing to do, and an identical run's figures are reused without booting.
        Assert.Empty((await builder.BuildAsync(Isa.X86_64)).StepsRun);
        LinuxBenchRun again = await LinuxBenchRunner.RunAsync(artifacts, 11, TimeSpan.FromMinutes(10), reuseSaved: true);
        Assert.True(again.FromCache);
        Assert.Equal(run.Results, again.Results);
    }
}
