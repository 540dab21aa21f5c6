// The least memory `--mem` accepts (QemuOptions.MinimumMemoryMiB) is real: every image's early heap lies inside it,
// and the kernel boots there and allocates (Heap.LargeAllocations wants 40 MiB by itself, so it is left out).
using Helios.Tooling;
using Helios.Tooling.Elf;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Cli;

public class MemoryLimitTests
{
    // Where RAM starts, and what the machine keeps at its top (q35: firmware and ACPI tables in the last 128 KiB).
    private static (ulong RamBase, ulong ReservedAtTop) Machine(Isa isa) => isa == Isa.X86_64 ? (0UL, 128UL << 10) : (0x4000_0000UL, 0UL);

    [Theory]
    [InlineData("x86_64", RepoPaths.KernelImage)]
    [InlineData("x86_64", RepoPaths.KernelTestImage)]
    [InlineData("arm64", RepoPaths.KernelImage)]
    [InlineData("arm64", RepoPaths.KernelTestImage)]
    public void TheEarlyHeapFitsInTheMinimum(string isaName, string image)
    {
        Isa isa = IsaNames.Parse(isaName);
        ElfFile elf = ElfFile.Read(TestData.Image(isa, image));
        ulong heapEnd = elf.FindSymbol("__early_heap_end")!.Value;
        (ulong ramBase, ulong reserved) = Machine(isa);
        ulong needed = heapEnd - ramBase + reserved;
        ulong minimum = (ulong)QemuOptions.MinimumMemoryMiB(isa) << 20;
        Assert.True(needed <= minimum,
            $"{image} on {isaName} needs {needed >> 10} KiB of RAM for its image and early heap, more than the {minimum >> 20} MiB minimum: raise QemuOptions.MinimumMemoryMiB");
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void TheKernelBootsAndAllocatesInTheMinimum(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        int minimum = QemuOptions.MinimumMemoryMiB(isa);
        (int code, string output) = HeliosCommandTests.Run("boot", "-c", TestData.Configuration, "--arch", isaName, "--mem", $"{minimum}M",
            "--image", "tests", "--no-build", "--", "test=Heap.Allocations*");
        Assert.True(code == 0, output);
        Assert.Contains("HTEST pass Heap.AllocationsAreDistinctAlignedAndZeroed", output);
    }
}
