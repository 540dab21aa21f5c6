// The benchmark machine is one configuration for both sides: what its QEMU command line must contain.
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Bench;

public class BenchmarkMachineTests
{
    private static string Line(Isa isa, string initrd = null)
        => string.Join(" ", (BenchmarkMachine.Options(isa, "/images/kernel.elf") with { Initrd = initrd }).Arguments());

    [Theory]
    [InlineData(Isa.X86_64, "-M q35 -cpu Nehalem")]
    [InlineData(Isa.Arm64, "-M virt -cpu cortex-a72")]
    public void IsDeterministicAndTheSameForEverySide(Isa isa, string machine)
    {
        string line = Line(isa);
        Assert.Contains(machine, line);
        Assert.Contains("-accel tcg -smp 2 -m 512M", line);
        Assert.Contains("-icount shift=0,sleep=off", line);
        Assert.Contains("-seed 1", line);
        Assert.Contains("-rtc base=2025-01-01T00:00:00,clock=vm", line);
        Assert.Contains("-nodefaults -display none -serial stdio", line);
        Assert.DoesNotContain("-netdev", line);
        Assert.DoesNotContain("-initrd", line);
    }

    [Fact]
    public void AnInitrdFollowsTheKernel()
        => Assert.EndsWith("-kernel /images/kernel.elf -initrd /cpio", Line(Isa.X86_64, "/cpio"));
}
