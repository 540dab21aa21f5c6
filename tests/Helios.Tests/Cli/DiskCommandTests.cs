// helios disk create and helios boot --disk: images that dosfstools finds clean and our FAT32 code reads exactly, usage
// errors (exit 2), failures (exit 1), and a boot on each ISA with the image attached.
using Helios.Services.Fat32;
using Helios.Tests.Storage;
using Xunit;

namespace Helios.Tests.Cli;

public class DiskCommandTests
{
    private static (int ExitCode, string Output) Run(params string[] args) => HeliosCommandTests.Run(args);

    [Fact]
    public void CreateFromAFolderHoldsItsFilesExactly()
    {
        (Dictionary<string, byte[]> files, string[] empty) = Fat32ReadTests.SampleTree(77, large: false);
        string folder = StorageTestImage.HostTree(files, empty);
        string image = StorageTestImage.NewPath("disk.img");

        (int code, string output) = Run("disk", "create", "--size", "40M", "--from", folder, image);
        Assert.True(code == 0, output);
        Assert.Contains($"40M FAT32 image, {files.Count} files from {folder}", output);
        Assert.Equal(40L << 20, new FileInfo(image).Length);
        DiskTools.AssertClean(image);

        (Dictionary<string, byte[]> read, SortedSet<string> directories) = StorageTestImage.ReadTree(FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image))));
        Assert.Equal(files.Keys.Order(StringComparer.Ordinal), read.Keys.Order(StringComparer.Ordinal));
        foreach ((string path, byte[] content) in files) Assert.True(content.AsSpan().SequenceEqual(read[path]), $"{path} differs");
        Assert.Contains("/empty/", directories);
    }

    [Fact]
    public void CreateWithoutAFolderIsEmpty()
    {
        string image = StorageTestImage.NewPath("empty.img");
        (int code, string output) = Run("disk", "create", "-s", "33", image);
        Assert.True(code == 0, output);
        Assert.Contains("33M FAT32 image, empty", output);
        var fs = FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image)));
        Assert.Empty(fs.List("/"));
        Assert.True(fs.Geometry.ClusterCount >= 65525, $"{fs.Geometry.ClusterCount} clusters is not FAT32 for mtools and Windows");
    }

    [Fact]
    public void AnExistingFileIsReplacedOnlyWithForce()
    {
        string image = StorageTestImage.NewPath("existing.img");
        File.WriteAllText(image, "precious");
        (int code, string output) = Run("disk", "create", "--size", "64M", image);
        Assert.Equal(1, code);
        Assert.Contains("exists (--force replaces it)", output);
        Assert.Equal("precious", File.ReadAllText(image));

        (code, output) = Run("disk", "create", "--size", "64M", "--force", image);
        Assert.True(code == 0, output);
        Assert.Equal(64L << 20, new FileInfo(image).Length);
    }

    [Fact]
    public void AFolderThatDoesNotFitFailsAndLeavesNoImage()
    {
        string folder = StorageTestImage.NewPath("toobig");
        Directory.CreateDirectory(folder);
        using (var big = File.Create(Path.Combine(folder, "big.bin"))) big.SetLength(40L << 20); // sparse on the host
        string image = StorageTestImage.NewPath("small.img");
        (int code, string output) = Run("disk", "create", "--size", "34M", "--from", folder, image);
        Assert.Equal(1, code);
        Assert.Contains("helios: disk create: mcopy exited with", output);
        Assert.False(File.Exists(image));
    }

    [Theory]
    [InlineData("--size", "disk", "create", "/tmp/helios-never.img")]
    [InlineData("'12X' is not a size", "disk", "create", "--size", "12X", "/tmp/helios-never.img")]
    [InlineData("1M is too small for FAT32, which needs at least 33M", "disk", "create", "--size", "1M", "/tmp/helios-never.img")]
    [InlineData("is larger than FAT32's 2048G", "disk", "create", "--size", "3000G", "/tmp/helios-never.img")]
    [InlineData("--from: '/nonexistent/folder' is not a folder", "disk", "create", "--size", "64M", "--from", "/nonexistent/folder", "/tmp/helios-never.img")]
    [InlineData("'/tmp' is a folder, not an image file", "disk", "create", "--size", "64M", "/tmp")]
    [InlineData("Required argument 'file' missing", "disk", "create", "--size", "64M")]
    [InlineData("--disk: '/nonexistent/d.img' is not a file", "boot", "--arch", "x86_64", "--no-build", "--disk", "/nonexistent/d.img")]
    public void UsageErrorsExitWith2(string expected, params string[] args)
    {
        (int code, string output) = Run(args);
        Assert.True(code == 2, $"exit {code}: {output}");
        Assert.Contains(expected, output);
        Assert.DoesNotContain("   at ", output);
        Assert.False(File.Exists("/tmp/helios-never.img"));
    }

    [Fact]
    public void HelpDescribesTheVerb()
    {
        (int code, string output) = Run("disk", "create", "--help");
        Assert.Equal(0, code);
        Assert.Contains("--size", output);
        Assert.Contains("--from", output);
        (code, output) = Run("--help");
        Assert.Contains("disk", output);
    }

    /// <summary>QEMU accepts the disk and the kernel boots beside it (on x86_64 the firmware then keeps more memory at the
    /// top of RAM, where the bundle goes: QemuOptions.FirmwareReservedKiB).</summary>
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void BootWithADiskAttached(string isa)
    {
        string image = StorageTestImage.NewPath("boot.img");
        Assert.Equal(0, Run("disk", "create", "--size", "64M", image).ExitCode);
        (int code, string output) = Run("boot", "-c", TestData.Configuration, "--arch", isa, "--no-build", "--timeout", "300", "--disk", image);
        Assert.True(code == 0, output);
        Assert.Contains("virtio-blk-pci,drive=disk0", output);
        Assert.Matches($@"helios: {isa}: kernel exited with code 0", output);
    }
}
