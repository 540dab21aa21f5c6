// The FAT32 code reads what dosfstools and mtools wrote: every file byte for byte, every name, long or short.
using Xunit;
using Helios.Services.Fat32;

namespace Helios.Tests.Storage;

public class Fat32ReadTests
{
    /// <summary>A tree with the cases that matter: empty and sector-edge sizes, a file of several MiB, 8.3 names in
    /// either case, long and non-ASCII names (several long-name entries), nesting, an empty folder, and a folder of 300
    /// files whose entries span many clusters.</summary>
    internal static (Dictionary<string, byte[]> Files, string[] EmptyDirectories) SampleTree(int seed, bool large = true)
    {
        var random = new Random(seed);
        var files = new Dictionary<string, byte[]>(StringComparer.Ordinal)
        {
            ["/README.TXT"] = StorageTestImage.RandomBytes(random, 1000),
            ["/hello.c"] = StorageTestImage.RandomBytes(random, 0),
            ["/sector.bin"] = StorageTestImage.RandomBytes(random, 512),
            ["/sector-plus-one.bin"] = StorageTestImage.RandomBytes(random, 513),
            ["/A file with a rather long name, to need several entries.data"] = StorageTestImage.RandomBytes(random, 4095),
            ["/Ünïcødé file name that is long.txt"] = StorageTestImage.RandomBytes(random, 4097),
            ["/sub/deeper/still/leaf.bin"] = StorageTestImage.RandomBytes(random, 70_000),
            ["/sub/Mixed Case.Name"] = StorageTestImage.RandomBytes(random, 1),
            ["/sub/archive.tar.gz"] = StorageTestImage.RandomBytes(random, 10_000),
        };
        if (large) files["/big/large.bin"] = StorageTestImage.RandomBytes(random, 3 * 1024 * 1024 + 7);
        for (int i = 0; i < 300; i++) files[$"/many/file number {i:D3}.dat"] = StorageTestImage.RandomBytes(random, random.Next(0, 3000));
        return (files, ["/empty"]);
    }

    /// <summary>A FAT32 image (64 MiB unless told; clusters of <paramref name="sectorsPerCluster"/> sectors) filled by mcopy.</summary>
    internal static string McopyImage(Dictionary<string, byte[]> files, string[] emptyDirectories, int sectorsPerCluster = 1, int sizeKiB = 65536)
    {
        string image = StorageTestImage.NewPath("mcopy.img");
        DiskTools.MakeFat32(image, sizeKiB, "-s", sectorsPerCluster.ToString());
        DiskTools.CopyTree(image, StorageTestImage.HostTree(files, emptyDirectories));
        return image;
    }

    /// <summary>mtools tells FAT32 from FAT16 by the cluster count (at least 65,525), so larger clusters need a larger image.</summary>
    [Theory]
    [InlineData(1, 65536)]
    [InlineData(2, 163840)]
    public void EveryFileMcopyWroteReadsBackExactly(int sectorsPerCluster, int sizeKiB)
    {
        (Dictionary<string, byte[]> files, string[] empty) = SampleTree(17 + sectorsPerCluster);
        string image = McopyImage(files, empty, sectorsPerCluster, sizeKiB);

        var fs = FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image)));
        Assert.Equal(sectorsPerCluster, fs.Geometry.SectorsPerCluster);
        (Dictionary<string, byte[]> read, SortedSet<string> directories) = StorageTestImage.ReadTree(fs);

        Assert.Equal(files.Keys.Order(StringComparer.Ordinal), read.Keys.Order(StringComparer.Ordinal));
        foreach ((string path, byte[] content) in files) Assert.True(content.AsSpan().SequenceEqual(read[path]), $"{path} differs");
        Assert.Equal(new[] { "/big/", "/empty/", "/many/", "/sub/", "/sub/deeper/", "/sub/deeper/still/" }, directories);
    }

    [Fact]
    public void NamesReadAsMtoolsListsThem()
    {
        (Dictionary<string, byte[]> files, string[] empty) = SampleTree(5, large: false);
        string image = McopyImage(files, empty);
        var fs = FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image)));

        var ours = new SortedSet<string>(StringComparer.Ordinal);
        (Dictionary<string, byte[]> read, SortedSet<string> directories) = StorageTestImage.ReadTree(fs);
        ours.UnionWith(read.Keys);
        ours.UnionWith(directories);
        Assert.Equal(DiskTools.ListAll(image), ours);
    }

    [Fact]
    public void LookupIgnoresAsciiCaseAndAcceptsShortNames()
    {
        (Dictionary<string, byte[]> files, string[] empty) = SampleTree(6, large: false);
        string image = McopyImage(files, empty);
        var fs = FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image)));

        FatEntryInfo readme = fs.Stat("/readme.txt");
        Assert.Equal("README.TXT", readme.Name);
        Assert.Equal(1000, readme.Size);
        FatEntryInfo mixed = fs.Stat("/SUB/mixed case.name");
        Assert.Equal("Mixed Case.Name", mixed.Name);
        // mtools gives a long name an 8.3 alias with a ~N tail; it names the same file.
        Assert.Equal(mixed.FirstCluster, fs.Stat("/sub/" + mixed.ShortName).FirstCluster);
        Assert.Contains("~", mixed.ShortName, StringComparison.Ordinal);
        Assert.True(fs.Stat("/sub/deeper/../deeper/./still").IsDirectory);
    }

    [Fact]
    public void TheGeometryIsWhatMkfsMade()
    {
        string image = StorageTestImage.NewPath("geometry.img");
        DiskTools.MakeFat32(image, 65536, "-s", "8");
        var fs = FatFileSystem.Mount(new MemoryBlockDevice(File.ReadAllBytes(image)));
        Assert.Equal(512, fs.Geometry.BytesPerSector);
        Assert.Equal(4096, fs.Geometry.BytesPerCluster);
        Assert.Equal(131072, fs.Geometry.TotalSectors);
        Assert.Equal(2, fs.Geometry.FatCount);
        Assert.Equal(2u, fs.Geometry.RootCluster);
        Assert.Empty(fs.List("/")); // the volume label entry is not a file
        Assert.Equal((fs.Geometry.ClusterCount - 1) * 4096L, fs.FreeBytes); // the root has one cluster
    }
}
