// A cpio archive in the "newc" format, the one Linux unpacks as its initramfs (the kernel's
// Documentation/driver-api/early-userspace/buffer-format.rst). Written here rather than with cpio(1) because the
// archive needs a device node (/dev/console, which an unprivileged cpio run cannot create from a directory tree) and
// because everything in it is fixed: owner root, time 0, inodes numbered in order, so the same inputs give the same bytes.
using System.Text;

namespace Helios.Tooling;

public sealed class CpioWriter
{
    public const string Magic = "070701";
    public const string Trailer = "TRAILER!!!";

    // File-type bits of st_mode.
    private const int Directory = 0x4000, CharDevice = 0x2000, RegularFile = 0x8000;

    private readonly Stream output;
    private readonly HashSet<string> directories = new(StringComparer.Ordinal) { "" };
    private readonly HashSet<string> names = new(StringComparer.Ordinal);
    private long position;
    private int inode;
    private bool finished;

    public CpioWriter(Stream output) { this.output = output; }

    public void AddDirectory(string path, int permissions = 0b111_101_101)
    {
        Add(path, Directory | permissions, nlink: 2, [], 0, 0);
        directories.Add(path);
    }

    public void AddFile(string path, ReadOnlySpan<byte> data, int permissions = 0b111_101_101)
        => Add(path, RegularFile | permissions, nlink: 1, data, 0, 0);

    public void AddCharacterDevice(string path, int major, int minor, int permissions = 0b110_000_000)
        => Add(path, CharDevice | permissions, nlink: 1, [], major, minor);

    /// <summary>Ends the archive with the trailer entry; nothing can be added after it.</summary>
    public void Finish()
    {
        if (finished) return;
        WriteEntry(Trailer, 0, 0, 0, [], 0, 0);
        finished = true;
    }

    private void Add(string path, int mode, int nlink, ReadOnlySpan<byte> data, int rdevMajor, int rdevMinor)
    {
        if (finished) throw new InvalidOperationException("the archive is finished");
        if (path.Length == 0 || path.StartsWith('/') || path.EndsWith('/') || path.Split('/').Any(p => p is "" or "." or ".."))
            throw new ArgumentException($"'{path}' is not a relative path without '.', '..' or empty parts", nameof(path));
        if (path == Trailer) throw new ArgumentException($"'{Trailer}' is the name that ends an archive", nameof(path));
        if (!names.Add(path)) throw new ArgumentException($"'{path}' is already in the archive", nameof(path));
        int slash = path.LastIndexOf('/');
        string parent = slash < 0 ? "" : path[..slash];
        // The kernel creates entries in archive order: a directory must come before what is in it.
        if (!directories.Contains(parent)) throw new ArgumentException($"'{path}' comes before its directory '{parent}'", nameof(path));
        WriteEntry(path, ++inode, mode, nlink, data, rdevMajor, rdevMinor);
    }

    private void WriteEntry(string name, int ino, int mode, int nlink, ReadOnlySpan<byte> data, int rdevMajor, int rdevMinor)
    {
        byte[] nameBytes = Encoding.UTF8.GetBytes(name + "\0");
        var header = new StringBuilder(Magic);
        foreach (long field in new long[] { ino, mode, 0, 0, nlink, 0, data.Length, 0, 0, rdevMajor, rdevMinor, nameBytes.Length, 0 })
            header.Append(field.ToString("X8"));
        Write(Encoding.ASCII.GetBytes(header.ToString()));
        Write(nameBytes);
        Pad();
        Write(data);
        Pad();
    }

    private void Write(ReadOnlySpan<byte> bytes)
    {
        output.Write(bytes);
        position += bytes.Length;
    }

    // Header plus name, and the data, each end on a 4-byte boundary.
    private void Pad()
    {
        int padding = (int)((4 - position % 4) % 4);
        Write(new byte[padding]);
    }
}
