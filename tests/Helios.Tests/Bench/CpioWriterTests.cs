// The initramfs writer: newc headers, 4-byte alignment, the trailer, a device node, fixed metadata, and refusals.
using System.Text;
using Helios.Tooling;
using Helios.Tooling.Bench.Linux;
using Xunit;

namespace Helios.Tests.Bench;

public class CpioWriterTests
{
    private sealed record Entry(string Name, int Inode, int Mode, int Nlink, int RdevMajor, int RdevMinor, byte[] Data);

    // An independent reader of the format (buffer-format.rst), strict about what the kernel's unpacker needs.
    private static List<Entry> Read(byte[] archive)
    {
        var entries = new List<Entry>();
        int at = 0;
        while (true)
        {
            Assert.Equal(0, at % 4);
            Assert.Equal("070701", Encoding.ASCII.GetString(archive, at, 6));
            int Field(int i) => Convert.ToInt32(Encoding.ASCII.GetString(archive, at + 6 + i * 8, 8), 16);
            int nameSize = Field(11), fileSize = Field(6);
            Assert.Equal(0, Field(2) + Field(3) + Field(5));   // uid, gid, mtime
            string name = Encoding.UTF8.GetString(archive, at + 110, nameSize - 1);
            Assert.Equal(0, archive[at + 110 + nameSize - 1]);
            int data = (at + 110 + nameSize + 3) & ~3;
            entries.Add(new Entry(name, Field(0), Field(1), Field(4), Field(9), Field(10), archive[data..(data + fileSize)]));
            at = (data + fileSize + 3) & ~3;
            if (name == CpioWriter.Trailer) break;
        }
        Assert.Equal(archive.Length, at);
        return entries;
    }

    [Fact]
    public void WritesEntriesTheKernelCanUnpack()
    {
        var stream = new MemoryStream();
        var cpio = new CpioWriter(stream);
        cpio.AddDirectory("dev");
        cpio.AddCharacterDevice("dev/console", 5, 1);
        cpio.AddFile("init", [1, 2, 3, 4, 5]);
        cpio.Finish();

        List<Entry> entries = Read(stream.ToArray());
        Assert.Equal(["dev", "dev/console", "init", CpioWriter.Trailer], entries.Select(e => e.Name));
        Assert.Equal([1, 2, 3, 0], entries.Select(e => e.Inode));
        Assert.Equal(0x41ED, entries[0].Mode);   // directory, rwxr-xr-x
        Assert.Equal(2, entries[0].Nlink);
        Assert.Equal((0x2180, 5, 1), (entries[1].Mode, entries[1].RdevMajor, entries[1].RdevMinor));   // char device, rw-------
        Assert.Equal(0x81ED, entries[2].Mode);   // regular file, rwxr-xr-x
        Assert.Equal(new byte[] { 1, 2, 3, 4, 5 }, entries[2].Data);
    }

    [Fact]
    public void TheBenchmarkInitramfsHoldsInitTinyAndTheConsole()
    {
        var stream = new MemoryStream();
        LinuxBenchBuilder.WriteInitramfs(stream, Encoding.ASCII.GetBytes("the benchmark"), Encoding.ASCII.GetBytes("tiny"));
        List<Entry> entries = Read(stream.ToArray());
        Assert.Equal(["dev", "dev/console", "bin", "bin/tiny", "init", CpioWriter.Trailer], entries.Select(e => e.Name));
        Assert.Equal("the benchmark", Encoding.ASCII.GetString(entries.Single(e => e.Name == "init").Data));
    }

    [Fact]
    public void TheFsInitramfsAddsTheModulesAndTheirLoadOrder()
    {
        var stream = new MemoryStream();
        LinuxBenchBuilder.WriteInitramfs(stream, [1], [2], [("virtio_ring", [3]), ("virtio", [4])]);
        List<Entry> entries = Read(stream.ToArray());
        Assert.Equal(["dev", "dev/console", "bin", "bin/tiny", "lib", "lib/modules", "lib/modules/virtio_ring.ko", "lib/modules/virtio.ko",
            "lib/modules/load-order", "init", CpioWriter.Trailer], entries.Select(e => e.Name));
        Assert.Equal("virtio_ring\nvirtio\n", Encoding.ASCII.GetString(entries.Single(e => e.Name == "lib/modules/load-order").Data));
    }

    [Fact]
    public void TheSameInputsGiveTheSameBytes()
    {
        byte[] Write()
        {
            var stream = new MemoryStream();
            LinuxBenchBuilder.WriteInitramfs(stream, [9, 9, 9], [7]);
            return stream.ToArray();
        }
        Assert.Equal(Write(), Write());
    }

    [Theory]
    [InlineData("/init", "is not a relative path")]
    [InlineData("bin/", "is not a relative path")]
    [InlineData("bin/../init", "is not a relative path")]
    [InlineData("", "is not a relative path")]
    [InlineData("sbin/init", "comes before its directory 'sbin'")]
    [InlineData("TRAILER!!!", "ends an archive")]
    public void RefusesNamesTheKernelWouldMishandle(string name, string message)
    {
        var cpio = new CpioWriter(new MemoryStream());
        var e = Assert.Throws<ArgumentException>(() => cpio.AddFile(name, [1]));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void RefusesDuplicatesAndEntriesAfterTheTrailer()
    {
        var cpio = new CpioWriter(new MemoryStream());
        cpio.AddFile("init", [1]);
        Assert.Contains("already in the archive", Assert.Throws<ArgumentException>(() => cpio.AddFile("init", [2])).Message);
        cpio.Finish();
        Assert.Throws<InvalidOperationException>(() => cpio.AddDirectory("dev"));
    }
}
