// Issue 6's services as processes, on both ISAs: a file service (FileContract, an in-memory file system registered
// at /fs) and a loopback TCP-like stack (TcpContract at /services/tcp handing out TcpConnectionContract
// connections), each used by a client process through the namespace; and an app with a contract of its own, which
// neither the kernel nor src/Contracts knows, declared by both processes that use it; and issue 17's FAT32 file
// system service (fatfs at /fs, FileSystemContract, used by fsclient) over a RAM disk process (BlockDeviceContract
// at /dev/ram0), which keeps several block requests outstanding. Each walks several states and choices, exits 0, and
// leaves the exchange heap at its baseline.
using Helios.Channels;
using Helios.Contracts;
using Helios.Kernel.Namespace;
using Helios.Kernel.Processes;
using Helios.Kernel.Tests.Processes;
using Helios.Testing;

namespace Helios.Kernel.Tests.Channels
{
    internal static class ProcessServiceTests
    {
        [Test]
        public static void AFileServiceAndItsClientsAreProcesses()
        {
            var baseline = HeapBaseline.Take();
            var server = ProcessServices.StartService("fileserver", new[] { "/fs", "2" }, "/fs");
            ProcessServices.RunToSuccess("fileclient", new[] { "/fs" });
            ProcessServices.RunToSuccess("fileclient", new[] { "/fs" });
            ProcessServices.EndsWell(server);
            Assert.Equal(0, NameService.List("/fs").Length);
            baseline.AssertRestored();
        }

        [Test]
        public static void TheFat32FileSystemServiceServesAClient()
        {
            var baseline = HeapBaseline.Take();
            var disk = ProcessServices.StartService("ramdisk", new[] { "/dev/ram0", "8", "1" }, "/dev/ram0");
            var fs = ProcessServices.StartService("fatfs", new[] { "/dev/ram0", "/fs", "1", "format" }, "/fs");
            ProcessServices.RunToSuccess("fsclient", new[] { "/fs" });
            ProcessServices.EndsWell(fs);
            ProcessServices.EndsWell(disk);
            Assert.Equal(0, NameService.List("/fs").Length);
            Assert.Equal(0, NameService.List("/dev/ram0").Length);
            baseline.AssertRestored();
        }

        // Issue 17: a file system keeps several block requests outstanding. postmark (a few transactions and a 1 MiB
        // sequential read, each read after fatfs dropped the file from its cache) over fatfs over the RAM disk: fatfs
        // reads ahead while it copies to its client and writes dirty runs back without waiting for each. The RAM disk
        // says how many requests the client had outstanding at once, and how many of those were reads.
        [Test]
        public static void AFileSystemKeepsSeveralBlockRequestsOutstanding()
        {
            var baseline = HeapBaseline.Take();
            Process disk = Apps.Create("ramdisk", new[] { "/dev/ram0", "8", "1" });
            PipeContract.Exp output = disk.OpenStandardOutput();
            disk.Start();
            ProcessServices.WaitUntilRegistered(disk, "ramdisk", "/dev/ram0");
            string said = null;
            Peer reader = Peer.Start(() => said = StandardPipesTests.ReadAll(output), "ramdisk's stdout");
            var fs = ProcessServices.StartService("fatfs", new[] { "/dev/ram0", "/fs", "1", "format" }, "/fs");
            ProcessServices.RunToSuccess("postmark", new[] { "files=5", "transactions=10", "reps=1", "seq-mib=1", "seq-reps=1" });
            ProcessServices.EndsWell(fs);
            ProcessServices.EndsWell(disk);
            reader.Join();
            const string marker = "a client is done: ";
            int at = said.IndexOf(marker);
            Assert.True(at >= 0, "ramdisk did not say how many requests were outstanding: " + said);
            string[] words = said.Substring(at + marker.Length).Split(' ');
            int most = int.Parse(words[0]), reads = int.Parse(words[5]);      // "N requests outstanding at most, R of them reads"
            Helios.Kernel.Diagnostics.KernelConsole.WriteLine("ramdisk: " + said.Substring(at).Trim());
            Assert.True(most > 1, "at most " + most.ToString() + " request outstanding: " + said);
            Assert.True(reads > 1, "at most " + reads.ToString() + " read outstanding during a sequential read: " + said);
            Assert.Equal(0, NameService.List("/dev/ram0").Length);
            baseline.AssertRestored();
        }

        [Test]
        public static void ATcpLikeConnectionBetweenProcesses()
        {
            var baseline = HeapBaseline.Take();
            var stack = ProcessServices.StartService("tcpstack", new[] { "/services/tcp", "1" }, "/services/tcp");
            ProcessServices.RunToSuccess("tcpclient", new[] { "/services/tcp" });
            ProcessServices.EndsWell(stack);
            Assert.Equal(0, NameService.List("/services/tcp").Length);
            baseline.AssertRestored();
        }

        [Test]
        public static void TwoProcessesTalkOverTheirOwnContract()
        {
            var baseline = HeapBaseline.Take();
            ulong id = WireHash.ContractId("TallyContract");
            var server = ProcessServices.StartService("tally", new[] { "serve", "/services/tally", "100" }, "/services/tally");
            ContractInfo declared = ContractInfo.Find(id);
            Assert.NotNull(declared);                       // the server's declaration, registered
            Assert.False(declared.IsSystem);
            Assert.Equal("TallyContract", declared.Name);
            ProcessServices.RunToSuccess("tallyclient", new[] { "/services/tally", "20" });   // 1..13 fit under 100, 14..20 overflow
            ProcessServices.EndsWell(server);
            Assert.True(ContractInfo.Find(id) == declared, "one table for the id, for as long as the kernel runs");
            baseline.AssertRestored();
        }
    }
}
