// What the FAT32 code writes, dosfstools finds clean and mtools reads back exactly.
using Xunit;
using Helios.Services.Fat32;

namespace Helios.Tests.Storage;

public class Fat32WriteTests
{
    private static (string Image, MemoryBlockDevice Device, FatFileSystem Fs) Fresh(int sizeKiB = 65536, int cacheSectors = 512, params string[] mkfs)
    {
        string image = StorageTestImage.NewPath("write.img");
        DiskTools.MakeFat32(image, sizeKiB, mkfs);
        var device = new MemoryBlockDevice(File.ReadAllBytes(image));
        return (image, device, FatFileSystem.Mount(device, cacheSectors));
    }

    private static void WriteFile(FatFileSystem fs, string path, byte[] content)
    {
        using FatFile file = fs.Create(path);
        file.Write(0, content);
    }

    /// <summary>Flushes, saves the image, checks it with fsck.vfat and compares mtools's view with <paramref name="expected"/>.</summary>
    private static void AssertImageHolds(string image, MemoryBlockDevice device, FatFileSystem fs, Dictionary<string, byte[]> expected, IEnumerable<string> directories)
    {
        fs.Flush();
        File.WriteAllBytes(image, device.Data);
        DiskTools.AssertClean(image);
        var listed = DiskTools.ListAll(image);
        var wanted = new SortedSet<string>(expected.Keys.Concat(directories), StringComparer.Ordinal);
        Assert.Equal(wanted, listed);
        foreach ((string path, byte[] content) in expected)
            Assert.True(content.AsSpan().SequenceEqual(DiskTools.CopyOut(image, path)), $"mcopy reads {path} differently");
        // And our own code, mounted afresh on what the device holds, agrees.
        (Dictionary<string, byte[]> read, SortedSet<string> dirs) = StorageTestImage.ReadTree(FatFileSystem.Mount(new MemoryBlockDevice(device.Data)));
        Assert.Equal(expected.Keys.Order(StringComparer.Ordinal), read.Keys.Order(StringComparer.Ordinal));
        foreach ((string path, byte[] content) in expected) Assert.True(content.AsSpan().SequenceEqual(read[path]), $"{path} reads back differently");
        Assert.Equal(new SortedSet<string>(directories, StringComparer.Ordinal), dirs);
    }

    [Theory]
    [InlineData(512)]
    [InlineData(8)] // a cache of 8 sectors: nearly every write goes through eviction
    [InlineData(130)] // two chunks of the cache's storage, the second of only two sectors
    [InlineData(16384)] // fatfs's default 8 MiB: nothing is evicted
    public void CreateAppendRenameDeleteAndDirectoriesLeaveACleanVolume(int cacheSectors)
    {
        var (image, device, fs) = Fresh(cacheSectors: cacheSectors);
        var random = new Random(1234);
        var expected = new Dictionary<string, byte[]>(StringComparer.Ordinal);
        var directories = new List<string>();

        foreach (int size in new[] { 0, 1, 511, 512, 513, 4096, 100_000, 1_500_000 })
        {
            string path = $"/file{size}.bin";
            expected[path] = StorageTestImage.RandomBytes(random, size);
            WriteFile(fs, path, expected[path]);
        }
        // Append in odd pieces, and overwrite the middle of a file.
        using (FatFile file = fs.Create("/appended.log"))
        {
            var all = new List<byte>();
            for (int i = 0; i < 40; i++)
            {
                byte[] piece = StorageTestImage.RandomBytes(random, random.Next(1, 3000));
                file.Append(piece);
                all.AddRange(piece);
            }
            byte[] patch = StorageTestImage.RandomBytes(random, 777);
            file.Write(10_000, patch);
            for (int i = 0; i < patch.Length; i++) all[10_000 + i] = patch[i];
            expected["/appended.log"] = [.. all];
        }
        // Long names, non-ASCII, names that need a ~N alias and share a stem.
        foreach (string name in new[] { "A long file name with spaces.text", "Ünïcødé naïve café.txt", "Long File Name 1.txt", "Long File Name 2.txt", "lower.txt", "x.y.z.tar.gz", new string('n', 200) + ".end" })
        {
            expected["/" + name] = StorageTestImage.RandomBytes(random, random.Next(0, 5000));
            WriteFile(fs, "/" + name, expected["/" + name]);
        }
        // Directories, nested, one with enough entries to take several clusters.
        fs.CreateDirectory("/docs");
        fs.CreateDirectory("/docs/Nested Directory");
        fs.CreateDirectory("/empty dir");
        directories.AddRange(["/docs/", "/docs/Nested Directory/", "/empty dir/", "/crowd/"]);
        fs.CreateDirectory("/crowd");
        for (int i = 0; i < 150; i++)
        {
            string path = $"/crowd/entry with a long name {i}";
            expected[path] = StorageTestImage.RandomBytes(random, 100);
            WriteFile(fs, path, expected[path]);
        }
        expected["/docs/Nested Directory/deep.txt"] = StorageTestImage.RandomBytes(random, 9000);
        WriteFile(fs, "/docs/Nested Directory/deep.txt", expected["/docs/Nested Directory/deep.txt"]);

        // Rename in place, across directories, a directory into another (its ".." moves), and a change of case.
        fs.Rename("/file513.bin", "/renamed in place.bin");
        expected["/renamed in place.bin"] = expected["/file513.bin"];
        expected.Remove("/file513.bin");
        fs.Rename("/file4096.bin", "/docs/moved.bin");
        expected["/docs/moved.bin"] = expected["/file4096.bin"];
        expected.Remove("/file4096.bin");
        fs.Rename("/docs/Nested Directory", "/empty dir/Moved Directory");
        directories.Remove("/docs/Nested Directory/");
        directories.Add("/empty dir/Moved Directory/");
        expected["/empty dir/Moved Directory/deep.txt"] = expected["/docs/Nested Directory/deep.txt"];
        expected.Remove("/docs/Nested Directory/deep.txt");
        fs.Rename("/lower.txt", "/LOWER.TXT");
        expected["/LOWER.TXT"] = expected["/lower.txt"];
        expected.Remove("/lower.txt");

        // Delete files (freeing clusters) and half of the crowd (leaving deleted slots), then reuse the slots.
        fs.Delete("/file100000.bin");
        expected.Remove("/file100000.bin");
        for (int i = 0; i < 150; i += 2)
        {
            fs.Delete($"/crowd/entry with a long name {i}");
            expected.Remove($"/crowd/entry with a long name {i}");
        }
        expected["/crowd/new.bin"] = StorageTestImage.RandomBytes(random, 2000);
        WriteFile(fs, "/crowd/new.bin", expected["/crowd/new.bin"]);
        fs.CreateDirectory("/gone");
        fs.Delete("/gone");

        // Truncate down, to zero and up (zero-filled).
        using (FatFile file = fs.Open("/file1500000.bin"))
        {
            file.SetLength(700_001);
            expected["/file1500000.bin"] = expected["/file1500000.bin"][..700_001];
        }
        using (FatFile file = fs.Open("/file4096.bin".Replace("4096", "511")))
        {
            file.SetLength(0);
            expected["/file511.bin"] = [];
        }
        using (FatFile file = fs.Open("/file1.bin"))
        {
            file.SetLength(5000);
            expected["/file1.bin"] = [.. expected["/file1.bin"], .. new byte[4999]];
        }

        AssertImageHolds(image, device, fs, expected, directories);
    }

    [Fact]
    public void WritesStayInTheCacheUntilFlush()
    {
        var (_, device, fs) = Fresh();
        byte[] before = (byte[])device.Data.Clone();
        WriteFile(fs, "/a.txt", [1, 2, 3]);
        fs.CreateDirectory("/dir");
        Assert.Equal(0, device.SectorsWritten);
        Assert.True(before.AsSpan().SequenceEqual(device.Data));
        Assert.True(fs.Cache.DirtyCount > 0);

        fs.Flush();
        Assert.Equal(1, device.Flushes);
        Assert.True(device.SectorsWritten > 0);
        Assert.Equal(0, fs.Cache.DirtyCount);
        Assert.Equal([1, 2, 3], ReadAll(FatFileSystem.Mount(new MemoryBlockDevice((byte[])device.Data.Clone())), "/a.txt"));
    }

    [Fact]
    public void DropCacheWritesTheFileBackAndItsNextReadComesFromTheDevice()
    {
        var (_, device, fs) = Fresh(cacheSectors: 16384);
        byte[] content = StorageTestImage.RandomBytes(new Random(5), 20000);
        using FatFile file = fs.Create("/cold.bin");
        file.Write(0, content);
        Assert.Equal(0, device.SectorsWritten);

        file.DropCache();                           // dirty data: written back, not lost
        long written = device.SectorsWritten;
        Assert.True(written >= content.Length / 512, $"{written} sectors written");
        long misses = fs.Cache.Misses;
        var back = new byte[content.Length];
        Assert.Equal(content.Length, file.Read(0, back));
        Assert.True(content.AsSpan().SequenceEqual(back));
        Assert.True(fs.Cache.Misses - misses >= content.Length / 512, "the read after DropCache came from the cache");

        // The directory and the FAT stayed cached and right: the file is intact on the device for a fresh mount.
        fs.Flush();
        Assert.True(content.AsSpan().SequenceEqual(ReadAll(FatFileSystem.Mount(new MemoryBlockDevice((byte[])device.Data.Clone())), "/cold.bin")));
    }

    [Fact]
    public void ASequentialReadGoesToTheDeviceInTheLargestRequestsAndARandomOneReadsOnlyWhatItAsks()
    {
        var (_, device, fs) = Fresh(cacheSectors: 4096);
        byte[] content = StorageTestImage.RandomBytes(new Random(6), 1 << 20);
        using FatFile file = fs.Create("/seq.bin");
        file.Write(0, content);
        fs.Flush();
        file.DropCache();

        int reads = device.Reads;
        var back = new byte[content.Length];
        int mostAhead = 0;
        for (int at = 0; at < back.Length; at += 16384)
        {
            Assert.Equal(16384, file.Read(at, back.AsSpan(at, 16384)));
            mostAhead = Math.Max(mostAhead, fs.Cache.ReadsAheadInFlight);
            Assert.Equal(fs.Cache.ReadsAheadInFlight, device.Started);     // each started read is one the cache will end
        }
        Assert.True(content.AsSpan().SequenceEqual(back));
        // The next 64 KiB were on their way while the current ones went to the reader, two at a time.
        Assert.Equal(2, mostAhead);
        fs.Flush();
        Assert.Equal(0, device.Started);
        int largest = SectorCache.MaxRequestSectors, sectors = (1 << 20) / 512;
        // Not 64 requests of 16 KiB: the first reads its own 16 KiB, and the rest of the file comes in 64 KiB reads ahead.
        Assert.InRange(device.Reads - reads, (sectors + largest - 1) / largest, (sectors + largest - 1) / largest + 1);
        Assert.True(fs.Cache.ReadAhead > sectors / 2, $"{fs.Cache.ReadAhead} sectors read ahead");

        file.DropCache();
        reads = device.Reads;
        long ahead = fs.Cache.ReadAhead;
        Assert.Equal(16384, file.Read(500 * 1024, back.AsSpan(0, 16384)));   // not where the last read ended
        Assert.True(content.AsSpan(500 * 1024, 16384).SequenceEqual(back.AsSpan(0, 16384)));
        Assert.Equal(1, device.Reads - reads);
        Assert.Equal(ahead, fs.Cache.ReadAhead);
    }

    [Fact]
    public void FillingTheVolumeGivesNoSpaceAndStaysClean()
    {
        var (image, device, fs) = Fresh(sizeKiB: 4096, mkfs: ["-s", "1"]);
        var chunk = new byte[64 * 1024];
        new Random(3).NextBytes(chunk);
        long written = 0;
        void Fill()
        {
            using FatFile file = fs.Create("/fill.bin");
            while (true)
            {
                file.Append(chunk);
                written += chunk.Length;
            }
        }
        var e = Assert.Throws<FileSystemException>(Fill);
        Assert.Equal(FileSystemError.NoSpace, e.Error);
        // The append that did not fit changed nothing: the file is what fitted, the clusters it took are free again.
        Assert.Equal(written, fs.Stat("/fill.bin").Size);
        Assert.True(fs.FreeBytes < chunk.Length, $"{fs.FreeBytes} bytes free after NoSpace");
        fs.Flush();
        File.WriteAllBytes(image, device.Data);
        DiskTools.AssertClean(image);

        // Deleting it gives the space back.
        fs.Delete("/fill.bin");
        Assert.Equal((fs.Geometry.ClusterCount - 1) * (long)fs.Geometry.BytesPerCluster, fs.FreeBytes);
        fs.Flush();
        File.WriteAllBytes(image, device.Data);
        DiskTools.AssertClean(image);
    }

    [Fact]
    public void ShortNameAliasesAreUniqueAndChecksummed()
    {
        var (image, device, fs) = Fresh();
        for (int i = 0; i < 12; i++) WriteFile(fs, $"/Long File Name {i}.txt", [(byte)i]);
        var aliases = fs.List("/").Select(e => e.ShortName).ToArray();
        Assert.Equal(12, aliases.Distinct().Count());
        Assert.Contains("LONGFI~1.TXT", aliases);
        Assert.Contains("LONGFI~9.TXT", aliases);
        Assert.Contains("LONGF~10.TXT", aliases);
        fs.Flush();
        File.WriteAllBytes(image, device.Data);
        DiskTools.AssertClean(image);
        for (int i = 0; i < 12; i++) Assert.Equal([(byte)i], DiskTools.CopyOut(image, $"/Long File Name {i}.txt"));
    }

    [Fact]
    public void AFileMcopyWroteCanBeAppendedAndRenamed()
    {
        (Dictionary<string, byte[]> files, string[] empty) = Fat32ReadTests.SampleTree(99, large: false);
        string image = Fat32ReadTests.McopyImage(files, empty);
        var device = new MemoryBlockDevice(File.ReadAllBytes(image));
        var fs = FatFileSystem.Mount(device);

        byte[] more = StorageTestImage.RandomBytes(new Random(1), 12345);
        using (FatFile file = fs.Open("/sub/archive.tar.gz")) file.Append(more);
        files["/sub/archive.tar.gz"] = [.. files["/sub/archive.tar.gz"], .. more];
        fs.Rename("/Ünïcødé file name that is long.txt", "/sub/Ünïcødé renamed.txt");
        files["/sub/Ünïcødé renamed.txt"] = files["/Ünïcødé file name that is long.txt"];
        files.Remove("/Ünïcødé file name that is long.txt");
        fs.Delete("/many/file number 007.dat");
        files.Remove("/many/file number 007.dat");
        fs.Delete("/empty");

        AssertImageHolds(image, device, fs, files, ["/many/", "/sub/", "/sub/deeper/", "/sub/deeper/still/"]);
    }

    [Fact]
    public void MisuseGivesTheRightErrors()
    {
        var (_, _, fs) = Fresh();
        WriteFile(fs, "/file.txt", [1]);
        fs.CreateDirectory("/dir");
        WriteFile(fs, "/dir/inside.txt", [2]);

        Assert.Equal(FileSystemError.NotFound, Error(() => fs.Open("/missing.txt")));
        Assert.Equal(FileSystemError.NotFound, Error(() => fs.List("/nowhere")));
        Assert.Equal(FileSystemError.AlreadyExists, Error(() => fs.Create("/file.txt")));
        Assert.Equal(FileSystemError.AlreadyExists, Error(() => fs.CreateDirectory("/DIR")));
        Assert.Equal(FileSystemError.AlreadyExists, Error(() => fs.Rename("/file.txt", "/dir")));
        Assert.Equal(FileSystemError.IsADirectory, Error(() => fs.Open("/dir")));
        Assert.Equal(FileSystemError.NotADirectory, Error(() => fs.List("/file.txt")));
        Assert.Equal(FileSystemError.NotADirectory, Error(() => fs.Create("/file.txt/x")));
        Assert.Equal(FileSystemError.DirectoryNotEmpty, Error(() => fs.Delete("/dir")));
        Assert.Equal(FileSystemError.InvalidArgument, Error(() => fs.Rename("/dir", "/dir/x")));
        Assert.Equal(FileSystemError.InvalidArgument, Error(() => fs.Delete("/")));
        Assert.Equal(FileSystemError.InvalidName, Error(() => fs.Create("/bad:name")));
        Assert.Equal(FileSystemError.InvalidName, Error(() => fs.Create("/trailing.")));
        Assert.Equal(FileSystemError.InvalidName, Error(() => fs.Create("/" + new string('x', 256))));
        using (FatFile open = fs.Open("/file.txt"))
        {
            Assert.Equal(FileSystemError.Busy, Error(() => fs.Delete("/file.txt")));
            fs.Rename("/file.txt", "/renamed.txt"); // an open file may move; its handle follows it
            open.Append([3]);
        }
        Assert.Equal([1, 3], ReadAll(fs, "/renamed.txt"));
        FatFile closed = fs.Open("/renamed.txt");
        closed.Dispose();
        Assert.Equal(FileSystemError.Closed, Error(() => closed.Read(0, new byte[1])));
        fs.Delete("/renamed.txt");
    }

    private static FileSystemError Error(Action action) => Assert.Throws<FileSystemException>(action).Error;

    private static FileSystemError Error(Func<object> action) => Assert.Throws<FileSystemException>(() => action()).Error;

    private static byte[] ReadAll(FatFileSystem fs, string path)
    {
        using FatFile file = fs.Open(path);
        var bytes = new byte[file.Length];
        file.Read(0, bytes);
        return bytes;
    }
}
