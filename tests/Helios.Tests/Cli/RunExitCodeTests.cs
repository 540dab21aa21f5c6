// What `helios boot --run APP` exits with, decided from the run's console and status (RunExitCodes), and the boot
// bundle's app list that refuses an unknown app before booting (BundleApps). End to end: InKernel/ProcessBootTests.
using Helios.Cli.Commands;
using Helios.Tooling;
using Helios.Tooling.Qemu;
using Xunit;

namespace Helios.Tests.Cli;

public class RunExitCodeTests
{
    private static QemuResult Exited(int kernel, params string[] console)
        => new(RunOutcome.Exited, kernel, 0, console, TimeSpan.FromSeconds(1), TimeSpan.Zero, null);

    [Theory]
    [InlineData(0, "init: hello (pid 1) exited with code 0")]
    [InlineData(3, "init: hello (pid 1) exited with code 3")]
    [InlineData(255, "init: hello (pid 1) exited with code -1")]       // the low 8 bits, as a POSIX shell takes them
    [InlineData(0, "init: hello (pid 1) exited with code 256")]
    [InlineData(7, "k0: init: hello (pid 1) exited with code 7")]      // tagged with its kernel on a NUMA topology
    public void TheAppsOwnCodeWhenTheKernelEndsWell(int expected, string report)
    {
        (int code, string verdict) = RunExitCodes.For(Exited(0, "init: starting hello (pid 1)", "[hello] hi", report, "HELIOS-EXIT 0"), "hello");
        Assert.Equal(expected, code);
        Assert.StartsWith("hello exited with code ", verdict);
    }

    [Fact]
    public void AKilledAppIs137()
        => Assert.Equal(RunExitCodes.AppKilled, RunExitCodes.For(Exited(0, "kernel: process crash (pid 1) killed: unhandled exception", "init: crash (pid 1) was killed"), "crash").Code);

    [Fact]
    public void TheAppsOutputCannotPassForInit()
        => Assert.Equal(RunExitCodes.KernelFailed, RunExitCodes.For(Exited(0, "[hello] init: hello (pid 1) exited with code 0"), "hello").Code);

    [Fact]
    public void AnotherAppsReportIsNotTheRunApps()
        => Assert.Equal(RunExitCodes.KernelFailed, RunExitCodes.For(Exited(0, "init: hello2 (pid 1) exited with code 0"), "hello").Code);

    [Theory]
    [InlineData(RunOutcome.Exited, 1)]                  // init could not start it, or the kernel failed
    [InlineData(RunOutcome.Exited, 3)]                  // a satellite kernel died
    [InlineData(RunOutcome.Panicked, 2)]
    [InlineData(RunOutcome.DiedWithoutStatus, null)]
    public void AKernelFailureIs125EvenAfterTheAppEnded(RunOutcome outcome, int? kernel)
    {
        var result = new QemuResult(outcome, kernel, 0, ["init: hello (pid 1) exited with code 0"], TimeSpan.Zero, null, null);
        Assert.Equal(RunExitCodes.KernelFailed, RunExitCodes.For(result, "hello").Code);
    }

    // --run server --run client: the first app in order that did not exit with 0 decides.
    [Theory]
    [InlineData(0, "init: tally (pid 1) exited with code 0", "init: hello (pid 2) exited with code 0")]
    [InlineData(3, "init: tally (pid 1) exited with code 0", "init: hello (pid 2) exited with code 3")]
    [InlineData(5, "init: hello (pid 2) exited with code 3", "init: tally (pid 1) exited with code 5")]
    [InlineData(137, "init: tally (pid 1) was killed", "init: hello (pid 2) exited with code 0")]
    [InlineData(125, "init: tally (pid 1) exited with code 0")]
    public void SeveralAppsExitWithTheFirstNonZeroCode(int expected, params string[] reports)
    {
        (int code, string verdict) = RunExitCodes.For(Exited(0, reports.Append("HELIOS-EXIT 0").ToArray()), ["tally", "hello"]);
        Assert.True(expected == code, verdict);
        if (code == 0) Assert.Equal("tally exited with code 0, hello exited with code 0", verdict);
    }

    [Fact]
    public void SeveralRunsBecomeRunWordsEachWithItsArguments()
    {
        var runs = BootCommand.Runs(["tally serve /svc/t", "tallyclient /svc/t 3"], []);
        Assert.Equal("run=tally arg=serve arg=/svc/t run=tallyclient arg=/svc/t arg=3", BootCommand.KernelCommandLine([], runs));
        // One --run takes the words after -- too.
        Assert.Equal("run=hello arg=a arg=\"b c\"", BootCommand.KernelCommandLine([], BootCommand.Runs(["hello a"], ["b c"])));
    }

    [Fact]
    public void ADiskStartsItsDriverAndFileSystemAsServicesBeforeTheRuns()
    {
        Assert.Equal("serve=virtioblk arg=serve arg=/dev/blk0 serve=fatfs arg=/dev/blk0 arg=/fs arg=forever run=ls arg=/",
                     BootCommand.KernelCommandLine(BootCommand.DiskServices, BootCommand.Runs(["ls"], ["/"])));
    }

    [Fact]
    public void ATimeoutIs124AndAQemuFailure126()
    {
        Assert.Equal(124, RunExitCodes.For(new QemuResult(RunOutcome.TimedOut, null, -1, [], TimeSpan.FromSeconds(5), null, null), "hello").Code);
        Assert.Equal(126, RunExitCodes.For(new QemuResult(RunOutcome.QemuFailed, null, 1, [], TimeSpan.Zero, null, "no qemu"), "hello").Code);
    }

    [Fact]
    public void TheBundlesAppsAreReadFromItsArchive()
    {
        string path = Path.Combine(Path.GetTempPath(), $"helios-bundle-{Guid.NewGuid():N}.cpio");
        try
        {
            using (var file = File.Create(path))
            {
                var cpio = new CpioWriter(file);
                cpio.AddDirectory("apps");
                cpio.AddFile("apps/hello.elf", new byte[] { 1, 2, 3 });
                cpio.AddFile("apps/hello.manifest", new byte[5]);
                cpio.AddFile("apps/wc.elf", new byte[7]);
                cpio.AddFile("init.conf", "hello\n"u8);
                cpio.Finish();
            }
            Assert.Equal(["hello", "wc"], BundleApps.Read(path));
        }
        finally
        {
            File.Delete(path);
        }
    }

    // `dotnet build` of one app writes its image beside the bundle but no bundle: boot --no-build must see that.
    [Fact]
    public void AnAppImageBuiltAfterTheBundleMakesItStale()
    {
        string directory = Path.Combine(Path.GetTempPath(), $"helios-bundle-{Guid.NewGuid():N}");
        Directory.CreateDirectory(Path.Combine(directory, "apps"));
        try
        {
            string path = Path.Combine(directory, "bundle.cpio");
            using (var file = File.Create(path))
            {
                var cpio = new CpioWriter(file);
                cpio.AddDirectory("apps");
                cpio.AddFile("apps/hello.elf", new byte[] { 1, 2, 3 });
                cpio.AddFile("apps/wc.elf", new byte[] { 4, 5 });
                cpio.AddFile("apps/gone.elf", new byte[] { 6 });
                cpio.Finish();
            }
            File.WriteAllBytes(Path.Combine(directory, "apps", "hello.elf"), [1, 2, 3]);
            File.WriteAllBytes(Path.Combine(directory, "apps", "wc.elf"), [4, 5, 0]);
            Assert.Equal(["wc"], BundleApps.Stale(path));
            File.WriteAllBytes(Path.Combine(directory, "apps", "hello.elf"), [1, 2, 4]);
            Assert.Equal(["hello", "wc"], BundleApps.Stale(path));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Theory]
    [InlineData("helo", "hello")]
    [InlineData("Hello", "hello")]
    [InlineData("hel", "hello")]
    [InlineData("crsh", "crash")]
    [InlineData("pingserv", "pingserver")]
    [InlineData("zzzzzz", "")]
    public void TheNearestNamesAreSuggested(string wanted, string expected)
    {
        string[] apps = ["churn", "crash", "hello", "pingclient", "pingserver", "wc"];
        Assert.Equal(expected, string.Join(",", BundleApps.Nearest(wanted, apps)));
    }
}
