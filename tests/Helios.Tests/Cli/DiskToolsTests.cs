// The storage stack end to end (docs/services.md): ./helios boot --disk starts the virtio-blk driver (/dev/blk0) and
// fatfs (/fs) as services, and the file tools run over them. An image made by ./helios disk create --from DIR lists
// DIR's files with ls on each ISA; cp, mkdir and rm write through the service, cat reads, and then the host's
// dosfstools finds the image clean and mtools reads back exactly what was written.
using Helios.Tests.Storage;
using Xunit;

namespace Helios.Tests.Cli;

public class DiskToolsTests
{
    private static (int ExitCode, string Output) Boot(string isa, string image, params string[] run) =>
        HeliosCommandTests.Run(["boot", "-c", TestData.Configuration, "--arch", isa, "--no-build", "--timeout", "300", "--disk", image, "--run", .. run]);

    private static readonly byte[] Notes = "first line\nsecond line, ending the file\n"u8.ToArray();

    // A folder of a few files: an 8.3 name, a long one, one in a subfolder of more than one cluster, an empty folder.
    private static (string Folder, byte[] Big) Folder()
    {
        byte[] big = StorageTestImage.RandomBytes(new Random(17), 70_000);
        var files = new Dictionary<string, byte[]>
        {
            ["/NOTES.TXT"] = Notes,
            ["/A file with a long name.bin"] = [1, 2, 3],
            ["/sub/big.bin"] = big,
            ["/sub/gone.txt"] = "delete me"u8.ToArray(),
        };
        return (StorageTestImage.HostTree(files, ["/empty"]), big);
    }

    private static string Image(string folder)
    {
        string image = StorageTestImage.NewPath("tools.img");
        (int code, string output) = HeliosCommandTests.Run("disk", "create", "--size", "40M", "--from", folder, image);
        Assert.True(code == 0, output);
        return image;
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void LsListsTheFilesOfTheFolderTheImageWasMadeFrom(string isa)
    {
        string image = Image(Folder().Folder);
        (int code, string output) = Boot(isa, image, "ls", "--", "/");
        Assert.True(code == 0, output);
        foreach (string name in new[] { "NOTES.TXT", "A file with a long name.bin", "sub/", "empty/" })
            Assert.Contains("[ls] " + name + "\n", output);
        (code, output) = Boot(isa, image, "ls", "--", "/sub");
        Assert.True(code == 0, output);
        Assert.Contains("[ls] big.bin\n", output);
        Assert.Contains("[ls] gone.txt\n", output);
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void ToolsWriteThroughTheFileSystemServiceAndTheHostReadsItBack(string isa)
    {
        (string folder, byte[] big) = Folder();
        string image = Image(folder);

        (int code, string output) = Boot(isa, image, "cp", "--", "/sub/big.bin", "/copy.bin");
        Assert.True(code == 0, output);
        (code, output) = Boot(isa, image, "mkdir", "--", "/new", "/new/A deeper folder");
        Assert.True(code == 0, output);
        (code, output) = Boot(isa, image, "cp", "--", "/notes.txt", "/new/A deeper folder");   // into a folder, by its name
        Assert.True(code == 0, output);
        (code, output) = Boot(isa, image, "rm", "--", "/sub/gone.txt");
        Assert.True(code == 0, output);
        (code, output) = Boot(isa, image, "cat", "--", "/new/A deeper folder/NOTES.TXT");
        Assert.True(code == 0, output);
        Assert.Contains("[cat] first line\n[cat] second line, ending the file\n", output);

        // Errors: a clear message and a non-zero exit, and the image unharmed.
        (code, output) = Boot(isa, image, "ls", "--", "/missing");
        Assert.Equal(1, code);
        Assert.Contains("ls: /missing: no such file or directory", output);
        (code, output) = Boot(isa, image, "rm", "--", "/new");
        Assert.Equal(1, code);
        Assert.Contains("rm: /new: directory not empty", output);

        DiskTools.AssertClean(image);
        Assert.Equal(big, DiskTools.CopyOut(image, "/copy.bin"));
        Assert.Equal(Notes, DiskTools.CopyOut(image, "/new/A deeper folder/NOTES.TXT"));
        SortedSet<string> all = DiskTools.ListAll(image);
        Assert.Contains("/new/A deeper folder/", all);
        Assert.Contains("/sub/big.bin", all);
        Assert.DoesNotContain("/sub/gone.txt", all);
    }
}
