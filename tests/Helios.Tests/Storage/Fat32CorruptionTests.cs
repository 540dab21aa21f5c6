// Damaged volumes give FileSystemException, never another exception or a hang: named damage first (each with the
// error it must give), then 1,000 images with seeded random bytes in the boot sector, the FAT and the directories.
using Xunit;
using Xunit.Abstractions;
using System.Buffers.Binary;
using System.Diagnostics;
using Helios.Services.Fat32;

namespace Helios.Tests.Storage;

public class Fat32CorruptionTests(ITestOutputHelper output)
{
    private static readonly Lazy<(byte[] Image, Dictionary<string, byte[]> Files)> Base = new(() =>
    {
        (Dictionary<string, byte[]> files, string[] empty) = Fat32ReadTests.SampleTree(2024, large: false);
        string image = Fat32ReadTests.McopyImage(files, empty);
        return (File.ReadAllBytes(image), files);
    });

    private static FileSystemException MountAndReadAll(IBlockDevice device)
    {
        try
        {
            StorageTestImage.ReadTree(FatFileSystem.Mount(device));
            return null;
        }
        catch (FileSystemException e)
        {
            return e;
        }
    }

    private static OverlayBlockDevice Damaged(Action<OverlayBlockDevice, FatGeometry> damage)
    {
        var device = new OverlayBlockDevice(Base.Value.Image);
        damage(device, FatFileSystem.Mount(new OverlayBlockDevice(Base.Value.Image)).Geometry);
        return device;
    }

    private static void SetFat(OverlayBlockDevice device, FatGeometry g, uint cluster, uint value)
    {
        for (int fat = 0; fat < g.FatCount; fat++)
        {
            long sector = g.ReservedSectors + fat * g.SectorsPerFat + cluster / 128;
            BinaryPrimitives.WriteUInt32LittleEndian(device.Writable(sector)[(int)(cluster % 128 * 4)..], value);
        }
    }

    private static uint ClusterOf(string path) => FatFileSystem.Mount(new OverlayBlockDevice(Base.Value.Image)).Stat(path).FirstCluster;

    /// <summary>The <paramref name="index"/>th cluster of the file or directory at <paramref name="path"/>.</summary>
    private static uint ClusterOf(string path, int index)
    {
        var fs = FatFileSystem.Mount(new OverlayBlockDevice(Base.Value.Image));
        return fs.Fat.Chain(fs.Stat(path).FirstCluster, int.MaxValue)[index];
    }

    public static TheoryData<string> Damages => ["signature", "sector size", "cluster size", "no FATs", "FAT16 layout", "root cluster", "truncated",
        "FAT loop", "cluster out of range", "free cluster in a chain", "bad cluster", "directory loop", "entry out of range", "file longer than its chain"];

    [Theory]
    [MemberData(nameof(Damages))]
    public void NamedDamageGivesAClearError(string damage)
    {
        IBlockDevice device;
        FileSystemError expected = FileSystemError.Corrupt;
        string mentions = null;
        switch (damage)
        {
            case "signature": device = Damaged((d, _) => d.Writable(0)[511] = 0); mentions = "55 AA"; break;
            case "sector size": device = Damaged((d, _) => BinaryPrimitives.WriteUInt16LittleEndian(d.Writable(0)[11..], 1024)); mentions = "1024 bytes a sector"; break;
            case "cluster size": device = Damaged((d, _) => d.Writable(0)[13] = 3); mentions = "power of two"; break;
            case "no FATs": device = Damaged((d, _) => d.Writable(0)[16] = 0); mentions = "0 FATs"; break;
            case "FAT16 layout": device = Damaged((d, _) => BinaryPrimitives.WriteUInt16LittleEndian(d.Writable(0)[17..], 512)); expected = FileSystemError.Unsupported; break;
            case "root cluster": device = Damaged((d, _) => BinaryPrimitives.WriteUInt32LittleEndian(d.Writable(0)[44..], 0x0FFFFFF0)); mentions = "root directory"; break;
            case "truncated": device = new MemoryBlockDevice(Base.Value.Image[..(Base.Value.Image.Length / 2)]); mentions = "truncated"; break;
            case "FAT loop": device = Damaged((d, g) => SetFat(d, g, ClusterOf("/sub/archive.tar.gz", 5), ClusterOf("/sub/archive.tar.gz", 1))); mentions = "loops"; break;
            case "cluster out of range": device = Damaged((d, g) => SetFat(d, g, ClusterOf("/sub/archive.tar.gz", 2), g.MaxCluster + 1)); mentions = "outside"; break;
            case "free cluster in a chain": device = Damaged((d, g) => SetFat(d, g, ClusterOf("/sub/archive.tar.gz", 2), 0)); mentions = "marked free"; break;
            case "bad cluster": device = Damaged((d, g) => SetFat(d, g, ClusterOf("/sub/archive.tar.gz"), 0x0FFFFFF7)); mentions = "bad cluster"; break;
            case "directory loop": device = Damaged((d, g) => SetFat(d, g, ClusterOf("/many", 3), ClusterOf("/many", 0))); mentions = "loops"; break;
            case "entry out of range": device = Damaged((d, g) =>
            {
                // The first entry of /sub/deeper (after "." and "..") is the folder "still": send it past the disk.
                long sector = g.ClusterToSector(ClusterOf("/sub/deeper"));
                BinaryPrimitives.WriteUInt16LittleEndian(d.Writable(sector)[(2 * 32 + 20)..], 0x7FFF);
            }); mentions = "outside"; break;
            case "file longer than its chain": device = Damaged((d, g) => SetFat(d, g, ClusterOf("/sub/archive.tar.gz", 3), 0x0FFFFFFF)); mentions = "10000 bytes has 4 clusters"; break;
            default: throw new ArgumentException(damage);
        }
        FileSystemException error = MountAndReadAll(device);
        Assert.NotNull(error);
        Assert.Equal(expected, error.Error);
        if (mentions != null) Assert.Contains(mentions, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheUndamagedBaseReadsBackWhole()
    {
        (Dictionary<string, byte[]> read, _) = StorageTestImage.ReadTree(FatFileSystem.Mount(new OverlayBlockDevice(Base.Value.Image)));
        Assert.Equal(Base.Value.Files.Count, read.Count);
    }

    /// <summary>Each image: 1 to 64 random bytes (or one whole random sector) in the boot sector and FSInfo, the used part of
    /// a FAT, or a directory cluster; then mount, read everything, create, append, make a directory, rename, delete and
    /// flush. Every failure must be a FileSystemException, within 10 seconds an image.</summary>
    [Fact]
    public async Task AThousandCorruptedImagesGiveErrorsNeverCrashesOrHangs()
    {
        byte[] image = Base.Value.Image;
        var pristine = FatFileSystem.Mount(new OverlayBlockDevice(image));
        FatGeometry g = pristine.Geometry;
        var directoryClusters = new List<uint> { g.RootCluster };
        var pending = new Queue<string>(["/"]);
        while (pending.Count > 0)
        {
            string dir = pending.Dequeue();
            foreach (FatEntryInfo e in pristine.List(dir))
                if (e.IsDirectory)
                {
                    directoryClusters.Add(e.FirstCluster);
                    pending.Enqueue(dir.TrimEnd('/') + "/" + e.Name);
                }
        }
        long usedFatSectors = (pristine.Geometry.MaxCluster - pristine.FreeBytes / g.BytesPerCluster) / 128 + 2;

        var outcomes = new Dictionary<string, int>();
        var failures = new List<string>();
        var clock = Stopwatch.StartNew();
        for (int seed = 0; seed < 1000; seed++)
        {
            var random = new Random(seed);
            var device = new OverlayBlockDevice(image);
            string region = (seed % 3) switch { 0 => "boot", 1 => "fat", _ => "directory" };
            long sector = region switch
            {
                "boot" => random.Next(2) == 0 ? 0 : g.FsInfoSector,
                "fat" => g.ReservedSectors + random.Next(g.FatCount) * g.SectorsPerFat + random.NextInt64(Math.Min(usedFatSectors, g.SectorsPerFat)),
                _ => g.ClusterToSector(directoryClusters[random.Next(directoryClusters.Count)]) + random.Next(g.SectorsPerCluster),
            };
            Span<byte> bytes = device.Writable(sector);
            if (random.Next(10) == 0) random.NextBytes(bytes);
            else for (int n = random.Next(1, 65); n > 0; n--) bytes[random.Next(512)] = (byte)random.Next(256);

            int exerciseSeed = random.Next();
            string outcome;
            try
            {
                outcome = await Task.Run(() => Exercise(device, exerciseSeed)).WaitAsync(TimeSpan.FromSeconds(10));
            }
            catch (TimeoutException)
            {
                failures.Add($"seed {seed} ({region}, sector {sector}): no answer within 10 s");
                continue;
            }
            if (outcome.StartsWith("crash", StringComparison.Ordinal)) failures.Add($"seed {seed} ({region}, sector {sector}): {outcome}");
            string key = region + ": " + (outcome.StartsWith("crash", StringComparison.Ordinal) ? "crash" : outcome);
            outcomes[key] = outcomes.GetValueOrDefault(key) + 1;
        }
        foreach ((string key, int count) in outcomes.OrderBy(o => o.Key, StringComparer.Ordinal)) output.WriteLine($"{key}: {count}");
        output.WriteLine($"1000 images in {clock.Elapsed.TotalSeconds:F1} s");
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(20)));
        // The damage was seen: every region produced corruption errors.
        foreach (string region in new[] { "boot", "fat", "directory" })
            Assert.True(outcomes.GetValueOrDefault(region + ": Corrupt") > 0, $"no {region} damage was reported as corruption");
    }

    /// <summary>"ok", the first FileSystemException's error, or "crash: ..." for anything else.</summary>
    private static string Exercise(IBlockDevice device, int seed)
    {
        try
        {
            var fs = FatFileSystem.Mount(device, cacheSectors: 64);
            var files = new List<string>();
            var pending = new Queue<(string Path, int Depth)>([("/", 0)]);
            int seen = 0;
            while (pending.Count > 0 && seen < 5000)
            {
                (string dir, int depth) = pending.Dequeue();
                foreach (FatEntryInfo entry in fs.List(dir))
                {
                    seen++;
                    string path = dir.TrimEnd('/') + "/" + entry.Name;
                    if (entry.IsDirectory) { if (depth < 6) pending.Enqueue((path, depth + 1)); }
                    else files.Add(path);
                }
            }
            var buffer = new byte[64 * 1024];
            foreach (string path in files)
            {
                using FatFile file = fs.Open(path);
                for (long at = 0; at < file.Length;)
                {
                    int n = file.Read(at, buffer);
                    if (n == 0) return "crash: Read returned 0 before the end";
                    at += n;
                }
            }
            var random = new Random(seed);
            using (FatFile created = fs.Create("/fuzz created.bin", overwrite: true))
            {
                created.Write(0, StorageTestImage.RandomBytes(random, 20_000));
                created.Append(StorageTestImage.RandomBytes(random, 5_000));
            }
            fs.CreateDirectory("/fuzz dir");
            fs.Rename("/fuzz created.bin", "/fuzz dir/moved.bin");
            if (files.Count > 0) fs.Delete(files[random.Next(files.Count)]);
            fs.Flush();
            return "ok";
        }
        catch (FileSystemException e)
        {
            return e.Error.ToString();
        }
        catch (Exception e)
        {
            return "crash: " + e;
        }
    }
}
