// The kernel image boots on both ISAs and reports what QEMU gave it: ISA, CPUs, memory, command line; then it exits
// with status 0. Different machine sizes prove the numbers come from the machine.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.InKernel;

public class BootTests
{
    [Theory]
    [InlineData("x86_64", 1, 128, "PVH")]
    [InlineData("x86_64", 3, 256, "PVH")]
    [InlineData("arm64", 1, 128, "device tree")]
    [InlineData("arm64", 4, 512, "device tree")]
    public async Task BannerDescribesTheMachine(string isaName, int cpus, int memoryMiB, string protocol)
    {
        Isa isa = IsaNames.Parse(isaName);
        QemuResult run = await QemuRunner.RunAsync(new QemuOptions(isa, TestData.Image(isa, RepoPaths.KernelImage))
        {
            Cpus = cpus,
            MemoryMiB = memoryMiB,
            KernelArguments = "console=serial greeting=\"hello helios\"",
        });
        Assert.True(run.Succeeded, run.Summary + "\n" + string.Join("\n", run.Console));
        Assert.Contains($"Helios kernel for {isaName}, booted by {protocol}", run.Console);
        Assert.Contains($"  cpus:   {cpus}", run.Console);
        Assert.Contains("  command line: \"console=serial greeting=\"hello helios\"\"", run.Console);
        string memory = Assert.Single(run.Console, l => l.StartsWith("  memory: ", StringComparison.Ordinal));
        // x86_64 loses a little RAM to firmware; arm64 has all of it.
        double usableMiB = double.Parse(memory.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]);
        Assert.InRange(usableMiB, memoryMiB - 2.0, memoryMiB);
        Assert.Equal("HELIOS-EXIT 0", run.Console[^1]);
        Assert.Equal(1, run.QemuStatus);
    }

    // The linker script's 32 MiB early heap carries the kernel until the memory map is read; a machine without that
    // RAM must stop there with a clear message, not run on memory that is not there.
    [Fact]
    public async Task TooLittleMemoryIsAPanicNotABoot()
    {
        QemuResult run = await QemuRunner.RunAsync(new QemuOptions(Isa.X86_64, TestData.Image(Isa.X86_64, RepoPaths.KernelImage))
        {
            MemoryMiB = 16,
        });
        Assert.True(run.Outcome == RunOutcome.Panicked, run.Summary + "\n" + string.Join("\n", run.Console));
        Assert.Contains("are not inside usable, mapped RAM", run.PanicMessage);
        Assert.Contains("give the machine more memory", run.PanicMessage);
    }
}
