// The least memory `--mem` accepts (QemuOptions.MinimumMemoryMiB) is real: every image's early heap lies inside it with
// the boot bundle above it, and the kernel boots there and allocates (Heap.LargeAllocations wants 40 MiB by itself, so
// it is left out). Less than a build needs is refused before QEMU starts, saying how much is needed.
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
    public void TheEarlyHeapAndTheBundleFitInTheMinimum(string isaName, string image)
    {
        Isa isa = IsaNames.Parse(isaName);
        string path = TestData.Image(isa, image);
        ElfFile elf = ElfFile.Read(path);
        ulong heapEnd = elf.FindSymbol("__early_heap_end")!.Value;
        (ulong ramBase, ulong reserved) = Machine(isa);
        ulong bundle = (ulong)new FileInfo(RepoPaths.BundleBeside(path)).Length;
        ulong needed = heapEnd - ramBase + reserved + bundle;
        ulong minimum = (ulong)QemuOptions.MinimumMemoryMiB(isa) << 20;
        Assert.True(needed <= minimum,
            $"{image} on {isaName} needs {needed >> 10} KiB of RAM for its image, early heap and bundle, more than the {minimum >> 20} MiB minimum: raise QemuOptions.MinimumMemoryMiB");
        Assert.Null((new QemuOptions(isa, path) { MemoryMiB = QemuOptions.MinimumMemoryMiB(isa), Bundle = RepoPaths.BundleBeside(path) }).LayoutError());
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void ABundleThatWouldOverlapTheImageIsRefusedWithTheMemoryItNeeds(string isaName)
    {
        Isa isa = IsaNames.Parse(isaName);
        string path = TestData.Image(isa, RepoPaths.KernelTestImage);
        var options = new QemuOptions(isa, path) { MemoryMiB = 36, Bundle = RepoPaths.BundleBeside(path) };
        string error = options.LayoutError();
        Assert.NotNull(error);
        Assert.StartsWith("--mem 36M is too little for this build: helios-kernel-tests.elf and its early heap end ", error);
        int needed = int.Parse(System.Text.RegularExpressions.Regex.Match(error, @"use --mem (\d+)M or more").Groups[1].Value);
        Assert.Null((options with { MemoryMiB = needed }).LayoutError());
        Assert.NotNull((options with { MemoryMiB = needed - 1 }).LayoutError());
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
