// Issue 6's services as processes, on both ISAs: a file service (FileContract, an in-memory file system registered
// at /fs) and a loopback TCP-like stack (TcpContract at /services/tcp handing out TcpConnectionContract
// connections), each used by a client process through the namespace; and an app with a contract of its own, which
// neither the kernel nor src/Contracts knows, declared by both processes that use it; and issue 17's FAT32 file
// system service (fatfs at /fs, FileSystemContract, used by fsclient) over a RAM disk process (BlockDeviceContract
// at /dev/ram0). Each walks several states and
// choices, exits 0, and leaves the exchange heap at its baseline.
using Helios.Channels;
using Helios.Kernel.Namespace;
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
