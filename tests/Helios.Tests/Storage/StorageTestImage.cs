// Scratch images for the FAT32 tests: a folder per test run, host trees of seeded random files, and our file system's
// view of a whole volume to compare with what was copied in.
using Xunit;
using Helios.Services.Fat32;

namespace Helios.Tests.Storage;

internal static class StorageTestImage
{
    private static readonly string Root = CreateRoot();

    private static string CreateRoot()
    {
        string root = Directory.CreateTempSubdirectory("helios-fat32-tests-").FullName;
        AppDomain.CurrentDomain.ProcessExit += (_, _) =>
        {
            try { Directory.Delete(root, recursive: true); }
            catch (IOException) { }
        };
        return root;
    }

    /// <summary>A fresh path in this run's scratch folder.</summary>
    public static string NewPath(string name) => Path.Combine(Root, $"{Guid.NewGuid():N}-{name}");

    public static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary>Writes <paramref name="files"/> (paths relative to the folder, '/'-separated) under a new host folder.</summary>
    public static string HostTree(IReadOnlyDictionary<string, byte[]> files, IEnumerable<string> emptyDirectories)
    {
        string folder = NewPath("tree");
        Directory.CreateDirectory(folder);
        foreach ((string path, byte[] content) in files)
        {
            string file = Path.Combine(folder, path.TrimStart('/'));
            Directory.CreateDirectory(Path.GetDirectoryName(file)!);
            File.WriteAllBytes(file, content);
        }
        foreach (string directory in emptyDirectories) Directory.CreateDirectory(Path.Combine(folder, directory.TrimStart('/')));
        return folder;
    }

    /// <summary>Every file of the volume with its bytes, and every directory, as our code reads them.</summary>
    public static (Dictionary<string, byte[]> Files, SortedSet<string> Directories) ReadTree(FatFileSystem fs)
    {
        var files = new Dictionary<string, byte[]>(StringComparer.Ordinal);
        var directories = new SortedSet<string>(StringComparer.Ordinal);
        var pending = new Queue<string>();
        pending.Enqueue("");
        while (pending.Count > 0)
        {
            string directory = pending.Dequeue();
            foreach (FatEntryInfo entry in fs.List(directory.Length == 0 ? "/" : directory))
            {
                string path = directory + "/" + entry.Name;
                if (entry.IsDirectory)
                {
                    directories.Add(path + "/");
                    pending.Enqueue(path);
                    continue;
                }
                using FatFile file = fs.Open(path);
                var content = new byte[file.Length];
                Assert.Equal(content.Length, file.Read(0, content));
                files[path] = content;
            }
        }
        return (files, directories);
    }
}

/// <summary>A block device that reads a shared image and keeps its writes to itself: a thousand variants of one
/// image without a thousand copies.</summary>
internal sealed class OverlayBlockDevice(byte[] image) : IBlockDevice
{
    private readonly Dictionary<long, byte[]> _changed = [];

    public int SectorSize => 512;

    public long SectorCount => image.Length / 512;

    public void Read(long sector, Span<byte> buffer)
    {
        for (int i = 0; i < buffer.Length / 512; i++) Sector(sector + i).CopyTo(buffer.Slice(i * 512, 512));
    }

    public void Write(long sector, ReadOnlySpan<byte> data)
    {
        for (int i = 0; i < data.Length / 512; i++) data.Slice(i * 512, 512).CopyTo(Writable(sector + i));
    }

    private readonly Dictionary<int, byte[]> _started = [];
    private int _nextTicket;

    public int BeginRead(long sector, int count)
    {
        var copy = new byte[count * 512];
        Read(sector, copy);
        _started[_nextTicket] = copy;
        return _nextTicket++;
    }

    public void EndRead(int ticket, Span<byte> into)
    {
        _started[ticket].CopyTo(into);
        _started.Remove(ticket);
    }

    public void BeginWrite(long sector, ReadOnlySpan<byte> data) => Write(sector, data);

    public void Flush() { }

    /// <summary>The sector's bytes, to damage.</summary>
    public Span<byte> Writable(long sector)
    {
        Check(sector);
        if (!_changed.TryGetValue(sector, out byte[] bytes))
        {
            bytes = image.AsSpan((int)(sector * 512), 512).ToArray();
            _changed[sector] = bytes;
        }
        return bytes;
    }

    private ReadOnlySpan<byte> Sector(long sector)
    {
        Check(sector);
        return _changed.TryGetValue(sector, out byte[] bytes) ? bytes : image.AsSpan((int)(sector * 512), 512);
    }

    private void Check(long sector)
    {
        if (sector < 0 || sector >= SectorCount) throw new FileSystemException(FileSystemError.IoError, $"sector {sector} is beyond the device");
    }
}
