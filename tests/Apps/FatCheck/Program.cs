// The FAT32 code in a process over a block device process (tests/Kernel/Channels/ProcessServiceTests.cs):
// `fatcheck <path>` binds the block device at path, formats it, writes directories and files of seeded random sizes
// and bytes (long names among them), flushes, mounts it afresh and reads everything back, renames and deletes, and
// checks again. Exit 0, or 1 with what was wrong.
using Helios.Channels;
using Helios.Contracts;
using Helios.Services.Fat32;
using Helios.Services.Storage;

public static class Program
{
    private const int Files = 40;

    public static int Main(string[] args)
    {
        BlockDeviceContract.NewChannel(out BlockDeviceContract.Imp imp, out BlockDeviceContract.Exp exp);
        ServiceNamespace.Bind(args.Length > 0 ? args[0] : "/dev/ram0", BlockDeviceContract.Info, exp.Handle);
        try
        {
            var device = new BlockDeviceClient(imp);
            FatFormatter.Format(device);
            var fs = FatFileSystem.Mount(device, cacheSectors: 64);
            fs.CreateDirectory("/data");
            fs.CreateDirectory("/data/A directory with a long name");
            for (int i = 0; i < Files; i++)
            {
                using FatFile file = fs.Create(PathOf(i));
                file.Write(0, Content(i));
            }
            fs.Flush();

            // A fresh mount reads only what reached the block device.
            fs = FatFileSystem.Mount(device, cacheSectors: 64);
            string wrong = Check(fs, -1);
            if (wrong != null) return Fail(wrong);
            fs.Rename(PathOf(0), "/data/renamed file.bin");
            fs.Delete(PathOf(1));
            fs.Flush();
            fs = FatFileSystem.Mount(device, cacheSectors: 64);
            if (!Same(fs, "/data/renamed file.bin", Content(0))) return Fail("the renamed file differs");
            if (fs.Exists(PathOf(1))) return Fail("a deleted file is still there");
            wrong = Check(fs, 1);
            if (wrong != null) return Fail(wrong);
            System.Console.WriteLine("fat32 over " + device.SectorCount.ToString() + " sectors: " + Files.ToString() + " files written, read back, renamed and deleted");
            imp.Close();
            return 0;
        }
        catch (FileSystemException e)
        {
            return Fail(e.Error.ToString() + ": " + e.Message);
        }
    }

    private static string PathOf(int i) => (i % 2 == 0 ? "/data/A directory with a long name/file number " : "/data/F") + i.ToString() + ".bin";

    /// <summary>File i's bytes: a seeded sequence, up to 100 KB.</summary>
    private static byte[] Content(int i)
    {
        uint state = (uint)(i * 2654435761u + 12345);
        int length = (int)(Next(ref state) % 100_000);
        var bytes = new byte[length];
        for (int k = 0; k < length; k++) bytes[k] = (byte)(Next(ref state) >> 24);
        return bytes;
    }

    private static uint Next(ref uint state)
    {
        state = state * 1664525u + 1013904223u;
        return state;
    }

    /// <summary>Null when every file but those at indices 0..skipThrough reads back exactly.</summary>
    private static string Check(FatFileSystem fs, int skipThrough)
    {
        for (int i = skipThrough + 1; i < Files; i++)
            if (!Same(fs, PathOf(i), Content(i))) return PathOf(i) + " reads back differently";
        return null;
    }

    private static bool Same(FatFileSystem fs, string path, byte[] expected)
    {
        using FatFile file = fs.Open(path);
        if (file.Length != expected.Length) return false;
        var read = new byte[expected.Length];
        if (file.Read(0, read) != read.Length) return false;
        for (int k = 0; k < read.Length; k++) if (read[k] != expected[k]) return false;
        return true;
    }

    private static int Fail(string why)
    {
        System.Console.WriteLine(why);
        return 1;
    }
}
