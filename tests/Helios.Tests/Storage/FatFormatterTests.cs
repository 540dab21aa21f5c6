// Volumes our formatter makes are what dosfstools and mtools expect, and what our file system mounts.
using Helios.Services.Fat32;
using Xunit;

namespace Helios.Tests.Storage;

public class FatFormatterTests
{
    [Theory]
    [InlineData(4)]      // 512-byte clusters, fewer than FAT32's recommended minimum (fsck.vfat warns, and finds it clean)
    [InlineData(64)]
    [InlineData(300)]    // 4 KiB clusters
    public void AFormattedVolumeIsCleanAndEmpty(int mib)
    {
        var device = new MemoryBlockDevice(new byte[mib << 20]);
        FatFormatter.Format(device, "scratch");
        string image = StorageTestImage.NewPath("formatted.img");
        File.WriteAllBytes(image, device.Data);
        DiskTools.AssertClean(image);

        var fs = FatFileSystem.Mount(device);
        Assert.Empty(fs.List("/"));
        Assert.Equal(mib > 260 ? 4096 : 512, fs.Geometry.BytesPerCluster);
        Assert.Equal((fs.Geometry.ClusterCount - 1) * (long)fs.Geometry.BytesPerCluster, fs.FreeBytes);
        Assert.Equal("SCRATCH    ", System.Text.Encoding.ASCII.GetString(device.Data, 71, 11));
    }

    [Fact]
    public void MtoolsWritesIntoItAndWeReadBack()
    {
        var device = new MemoryBlockDevice(new byte[64 << 20]);
        FatFormatter.Format(device);
        string image = StorageTestImage.NewPath("formatted.img");
        File.WriteAllBytes(image, device.Data);
        (Dictionary<string, byte[]> files, string[] empty) = Fat32ReadTests.SampleTree(8, large: false);
        DiskTools.CopyTree(image, StorageTestImage.HostTree(files, empty));
        DiskTools.AssertClean(image);

        (Dictionary<string, byte[]> read, _) = StorageTestImage.ReadTree(FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image))));
        Assert.Equal(files.Keys.Order(StringComparer.Ordinal), read.Keys.Order(StringComparer.Ordinal));
        foreach ((string path, byte[] content) in files) Assert.True(content.AsSpan().SequenceEqual(read[path]), $"{path} differs");
    }

    [Fact]
    public void ATinyDeviceIsRefused()
    {
        var e = Assert.Throws<FileSystemException>(() => FatFormatter.Format(new MemoryBlockDevice(new byte[1 << 20])));
        Assert.Equal(FileSystemError.InvalidArgument, e.Error);
    }
}
