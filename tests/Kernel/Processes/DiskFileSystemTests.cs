// The storage stack as processes on a real disk: the virtio-blk driver (virtioblk at /dev/blk0) and the FAT32 file
// system service (fatfs at /fs) serve fsstress (tests/Apps/FsStress). These need a FAT32 image of their own, not the
// harness's scratch disk, so they run only when named (category "disk"), booted by the host with an image made by
// `helios disk create` and "expect.disk=fat32" (tests/Helios.Tests/InKernel/DiskFileSystemTests.cs), which then
// checks the image with dosfstools and mtools.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Boot;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Kernel.Tests.Channels;
using Helios.Testing;

namespace Helios.Kernel.Tests.Processes
{
    internal static class DiskFileSystemTests
    {
        // The seed and count the host test checks the image against (DiskFileSystemTests.Seed, .Files).
        private const string Seed = "17";
        private const string Files = "1000";

        private static bool Fat32DiskAttached()
        {
            bool attached = new CommandLine(KernelMain.BootInfo.CommandLine).GetValue("expect.disk") == "fat32";
            Assert.True(attached, "this test needs a FAT32 disk (expect.disk=fat32): the host's DiskFileSystemTests boots it with one");
            return attached;
        }

        // 1,000 files of 1 B to 1 MiB (about 75 MiB, FsStressWorkload) written, read back and listed through the file
        // service; the services then end by themselves, fatfs flushing, so the host finds everything on the image.
        [Test(Category = "disk")]
        public static void AThousandFilesAreWrittenAndReadBackThroughTheDiskServices()
        {
            if (!Fat32DiskAttached()) return;
            var baseline = HeapBaseline.Take();
            Process driver = ProcessServices.StartService("virtioblk", new[] { "serve", "/dev/blk0", "1" }, "/dev/blk0");
            Process fs = ProcessServices.StartService("fatfs", new[] { "/dev/blk0", "/fs", "1" }, "/fs");
            ProcessServices.RunToSuccess("fsstress", new[] { "write", "/stress", Files, Seed });
            ProcessServices.EndsWell(fs);
            ProcessServices.EndsWell(driver);
            Assert.Equal(0, NameService.List("/fs").Length);
            Assert.Equal(0, NameService.List("/dev/blk0").Length);
            baseline.AssertRestored();
        }

        // fatfs killed while fsstress writes a large file, past three times its sector cache (so part of the file, and
        // of the FAT, has been evicted to the disk, the directory entry maybe not): the driver outlives it and serves a
        // new fatfs, which mounts the same disk and serves a survey: every file flushed before the kill reads back
        // exactly.
        [Test(Category = "disk")]
        public static void KillingTheFileServiceMidWriteLeavesAMountableImage()
        {
            if (!Fat32DiskAttached()) return;
            Process driver = ProcessServices.StartService("virtioblk", new[] { "serve", "/dev/blk0", "2" }, "/dev/blk0");
            // A cache far smaller than the large file, so that the kill finds some of it already written back.
            Process fs = ProcessServices.StartService("fatfs", new[] { "/dev/blk0", "/fs", "1", "cache=256K" }, "/fs");
            Process writer = Apps.Create("fsstress", new[] { "churn", "/churn", Seed });
            PipeContract.Exp output = writer.OpenStandardOutput();
            writer.Start();
            string seen = ReadUntil(output, "midway ");
            Assert.True(seen.Contains("midway "), "fsstress ended before it was midway through a large file: " + seen);
            fs.Kill("killed by the test mid-write");
            Assert.Equal(-1, fs.Wait());
            seen += StandardPipesTests.ReadAll(output);
            Assert.Equal(1, writer.Wait());                             // it saw the service go, and said so
            Assert.True(seen.Contains("fsstress: the file service went away after "), seen);
            Assert.Equal(0, NameService.List("/fs").Length);            // the dead service's path is free again

            Process again = ProcessServices.StartService("fatfs", new[] { "/dev/blk0", "/fs", "1" }, "/fs");
            Process survey = Apps.Create("fsstress", new[] { "survey", "/churn", Seed });
            PipeContract.Exp report = survey.OpenStandardOutput();
            survey.Start();
            string surveyed = StandardPipesTests.ReadAll(report);
            Assert.True(survey.Wait() == 0 && survey.KillReason is null, "the survey failed: " + surveyed + (survey.KillReason ?? ""));
            Assert.True(surveyed.Contains("survey: "), surveyed);
            Diagnostics.KernelConsole.WriteLine("disk: " + surveyed.Trim());   // what the newest file was left as, for the host to show
            ProcessServices.EndsWell(again);
            ProcessServices.EndsWell(driver);
        }

        // The pipe's text until it holds marker (or the writer ends), a buffer at a time, leaving the pipe open.
        private static string ReadUntil(PipeContract.Exp pipe, string marker)
        {
            string text = "";
            while (!text.Contains(marker))
            {
                string more = StandardPipesTests.ReadAll(pipe, stopAfterBuffers: 1);
                if (more.Length == 0) break;
                text += more;
            }
            return text;
        }
    }
}
