// Saved Linux figures are reused only for an identical run: same QEMU, command line, kernel and initramfs bytes.
using Helios.Tooling;
using Helios.Tooling.Bench;
using Helios.Tooling.Bench.Linux;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Bench;

public sealed class LinuxBenchResultCacheTests : IDisposable
{
    private readonly string directory = Directory.CreateTempSubdirectory("helios-results-").FullName;

    public void Dispose() => Directory.Delete(directory, recursive: true);

    private QemuOptions Options(string initrdText, string kernelArguments = "console=ttyS0 -- --reps 11")
    {
        string kernel = Path.Combine(directory, "vmlinuz"), initrd = Path.Combine(directory, "initramfs.cpio");
        File.WriteAllText(kernel, "kernel bytes");
        File.WriteAllText(initrd, initrdText);
        return BenchmarkMachine.Options(Isa.X86_64, kernel) with { Initrd = initrd, KernelArguments = kernelArguments };
    }

    [Fact]
    public async Task TheKeyFollowsEverythingTheFiguresDependOn()
    {
        string key = await LinuxBenchResultCache.KeyAsync(Options("v1"));
        Assert.Equal(key, await LinuxBenchResultCache.KeyAsync(Options("v1")));
        Assert.NotEqual(key, await LinuxBenchResultCache.KeyAsync(Options("v2")));
        Assert.NotEqual(key, await LinuxBenchResultCache.KeyAsync(Options("v1", "console=ttyS0 -- --reps 12")));
        Assert.NotEqual(key, await LinuxBenchResultCache.KeyAsync(Options("v1") with { Seed = 2 }));
    }

    [Fact]
    public void SavedFiguresComeBackAsTheyWere()
    {
        string path = LinuxBenchResultCache.PathFor(directory, "abc");
        Assert.Null(LinuxBenchResultCache.TryLoad(path));
        BenchResult[] results = [new("getpid", BenchUnit.Ticks, 334, 334, 11), new("sched_yield", BenchUnit.Ticks, 873, 870, 11)];
        LinuxBenchResultCache.Save(path, results);
        Assert.Equal(results, LinuxBenchResultCache.TryLoad(path));
    }

    [Fact]
    public void ADamagedFileIsNotReused()
    {
        string path = LinuxBenchResultCache.PathFor(directory, "abc");
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, "RESULT name=getpid unit=ticks median=33");
        Assert.Null(LinuxBenchResultCache.TryLoad(path));
        File.WriteAllText(path, "");
        Assert.Null(LinuxBenchResultCache.TryLoad(path));
    }
}
