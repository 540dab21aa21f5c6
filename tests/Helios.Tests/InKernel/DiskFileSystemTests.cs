// Issue 17's storage stack in the kernel, on a real image (tests/Kernel/Processes/DiskFileSystemTests.cs): the test
// image boots with a FAT32 image made by `helios disk create` instead of the scratch disk, runs one "disk" test, and
// ends cleanly; then the host checks the image with dosfstools and mtools.
// - A thousand files: fsstress writes 1,000 files of FsStressWorkload's seeded sizes (log-uniform by octave from 1 B
//   to 1 MiB, about 75 MiB in all) through virtioblk and fatfs, reads and lists them back; afterwards fsck.vfat -n
//   finds the image clean and it holds exactly those files, every byte as the workload says.
// - Killing fatfs mid-write (past 768 KiB of a large file): after a new fatfs mounted the image and the survey read
//   back every file flushed before the kill, mtools lists the image and reads those files back exactly; what fsck.vfat -n says of it (lost clusters
//   of the file being written are expected: FAT has no journal) is shown, not judged.
// Each runs for minutes under TCG; the limit counts from the guest starting the test, and only catches hangs.
using Helios.Apps.FsStress;
using Helios.Tests.Cli;
using Helios.Tests.Storage;
using Helios.Tooling;
using Helios.Tooling.Testing;
using Xunit;
using Xunit.Abstractions;

namespace Helios.Tests.InKernel;

public class DiskFileSystemTests(ITestOutputHelper log)
{
    // As tests/Kernel/Processes/DiskFileSystemTests.cs passes them to fsstress.
    private const ulong Seed = 17;
    private const int Files = 1000;

    private static string NewImage(string name)
    {
        string image = StorageTestImage.NewPath(name);
        // 300 MiB: mkfs.vfat then makes 4 KiB clusters (512 B below 260 MiB), and the files take about a third of it.
        (int code, string output) = HeliosCommandTests.Run("disk", "create", "--size", "300M", image);
        Assert.True(code == 0, output);
        return image;
    }

    private static async Task<TestRunReport> Boot(string isa, string image, string test)
    {
        TestRunReport report = await new KernelTestSession(TestData.Repo, TestData.Configuration)
        {
            DiskImage = image,
            Timeout = TimeSpan.FromMinutes(30),
        }.RunAsync(IsaNames.Parse(isa), "DiskFileSystem." + test);
        InKernelTestResult result = Assert.Single(report.Results);
        Assert.True(result.Status == InKernelTestStatus.Passed, result.Name + ": " + result.Message + "\n" + string.Join("\n", report.Run.Console.TakeLast(40)));
        Assert.True(report.Problem is null && report.Run.Succeeded, report.Problem + " " + report.Run.Summary);
        return report;
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task AThousandFilesWrittenInTheKernelAreOnTheImageExactly(string isa)
    {
        string image = NewImage("stress.img");
        await Boot(isa, image, "AThousandFilesAreWrittenAndReadBackThroughTheDiskServices");

        DiskTools.AssertClean(image);
        var expected = new SortedSet<string>(StringComparer.Ordinal) { "/stress/" };
        for (int i = 0; i < Files; i++)
        {
            expected.Add(FsStressWorkload.Directory("/stress", i) + "/");
            expected.Add(FsStressWorkload.Path("/stress", i));
        }
        Assert.Equal(expected, DiskTools.ListAll(image));
        string copy = CopyOut(image, "/stress");
        for (int i = 0; i < Files; i++) AssertContent(Path.Combine(copy, FsStressWorkload.Path("stress", i)), i);
        log.WriteLine($"{Files} files, {FsStressWorkload.TotalBytes(Seed, Files)} bytes");
    }

    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public async Task AFileServiceKilledMidWriteLeavesAnImageMtoolsReads(string isa)
    {
        string image = NewImage("churn.img");
        TestRunReport report = await Boot(isa, image, "KillingTheFileServiceMidWriteLeavesAMountableImage");

        // "disk: survey: N intact; the newest (M): ..." from the kernel test: files 0..N-1 were flushed before the kill.
        string line = Assert.Single(report.Run.Console, l => l.StartsWith("disk: survey: ", StringComparison.Ordinal));
        log.WriteLine(line);
        int intact = int.Parse(line["disk: survey: ".Length..].Split(' ')[0]);
        // Killed midway through the first file of more than 768 KiB: all before it were flushed.
        int large = Enumerable.Range(0, 2000).First(i => FsStressWorkload.Size(Seed, i) > 768 * 1024);
        Assert.True(intact >= large - 1, line + $" (file {large} is the first of more than 768 KiB)");
        (int code, string fsck) = DiskTools.Check(image);
        log.WriteLine($"fsck.vfat -n exited with {code}:\n{fsck}");
        SortedSet<string> all = DiskTools.ListAll(image);       // mdir reads every directory
        string copy = CopyOut(image, "/churn");
        for (int i = 0; i < intact; i++)
        {
            Assert.Contains(FsStressWorkload.Path("/churn", i), all);
            AssertContent(Path.Combine(copy, FsStressWorkload.Path("churn", i)), i);
        }
    }

    // The folder at fatPath copied out whole by mcopy (one run for all the files): the folder holding it.
    private static string CopyOut(string image, string fatPath)
    {
        string folder = StorageTestImage.NewPath("out");
        Directory.CreateDirectory(folder);
        DiskTools.RunOk("mcopy", "-s", "-n", "-i", image, "::" + fatPath, folder);
        return folder;
    }

    private static void AssertContent(string file, int number)
    {
        Assert.True(File.Exists(file), file + " was not copied out");
        byte[] bytes = File.ReadAllBytes(file);
        var expected = new byte[FsStressWorkload.Size(Seed, number)];
        new FsStressWorkload.Content(Seed, number).Fill(expected);
        Assert.True(expected.AsSpan().SequenceEqual(bytes), $"{file}: {bytes.Length} bytes, not the {expected.Length} the workload wrote");
    }
}
