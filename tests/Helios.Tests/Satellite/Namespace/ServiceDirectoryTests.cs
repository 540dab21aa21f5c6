// The one namespace's directory (src/Satellite/Namespace/ServiceDirectory.cs, the coordinator's code on the CLR):
// every operation, its refusals, a dead kernel's purge, and the local-bind decision.
using Helios.Satellite.Namespace;
using Xunit;

namespace Helios.Tests.Satellite.Namespace;

public sealed class ServiceDirectoryTests
{
    [Fact]
    public void ARegisteredPathResolvesToItsKernelAndContract()
    {
        var directory = new ServiceDirectory();
        Assert.Null(directory.Register("/services/ping", 1, 0xABCDUL));
        Assert.True(directory.TryResolve("/services/ping", out DirectoryEntry entry));
        Assert.Equal(("/services/ping", 1, 0xABCDUL), (entry.Path, entry.Kernel, entry.Contract));
        Assert.False(directory.TryResolve("/services/pong", out _));
        Assert.False(directory.TryResolve(null!, out _));
    }

    [Fact]
    public void AKernelRegistersAPathOnceAndCopiesSpeakOneContract()
    {
        var directory = new ServiceDirectory();
        Assert.Null(directory.Register("/fs", 1, 1));
        Assert.Equal("/fs is already registered on k1", directory.Register("/fs", 1, 1));
        Assert.Equal("/fs is registered for another contract (a copy on k1)", directory.Register("/fs", 0, 2));
        Assert.Null(directory.Register("/fs", 0, 1));                 // a copy on another kernel
        Assert.Equal(2, directory.Count);
    }

    [Fact]
    public void AKernelRegistersOnlyItsOwnPathUnderKernels()
    {
        var directory = new ServiceDirectory();
        Assert.Null(directory.Register("/kernels/1", 1, 9));
        Assert.Equal("/kernels/1 is a kernel's own path: k0 registers only /kernels/0 under /kernels", directory.Register("/kernels/1", 0, 9));
        Assert.Equal("/kernels is a kernel's own path: k2 registers only /kernels/2 under /kernels", directory.Register("/kernels", 2, 9));
        Assert.NotNull(directory.Register("/kernels/2/more", 2, 9));
        Assert.Null(directory.Register("/kernels-extra", 2, 9));       // another name, not under /kernels
        Assert.Equal(2, directory.Count);
    }

    // Copies of one service on several kernels (self-referencing services): a client gets its own kernel's copy, else
    // the lowest-numbered kernel's; every copy is listed, in kernel order; each goes on its own.
    [Fact]
    public void AClientIsGivenTheCopyOnItsKernelElseTheLowestNumbered()
    {
        var directory = new ServiceDirectory();
        Assert.Null(directory.Register("/services/scanner", 2, 5));
        Assert.Null(directory.Register("/services/scanner", 1, 5));
        Assert.Null(directory.Register("/services/scanner", 3, 5));
        Assert.Equal(new[] { 1, 2, 3 }, directory.List("/").Select(e => e.Kernel));
        Assert.True(directory.TryResolve("/services/scanner", 3, out DirectoryEntry entry));
        Assert.Equal(3, entry.Kernel);
        Assert.True(directory.TryResolve("/services/scanner", 0, out entry));
        Assert.Equal(1, entry.Kernel);
        Assert.True(directory.TryResolve("/services/scanner", out entry));
        Assert.Equal(1, entry.Kernel);
        Assert.True(directory.Remove("/services/scanner", 1));
        Assert.True(directory.TryResolve("/services/scanner", 0, out entry));
        Assert.Equal(2, entry.Kernel);
        Assert.Equal(1, directory.Purge(2));
        Assert.True(directory.TryResolve("/services/scanner", 2, out entry));
        Assert.Equal(3, entry.Kernel);
        Assert.True(directory.Remove("/services/scanner", 3));
        Assert.False(directory.TryResolve("/services/scanner", 3, out _));
        Assert.Equal(0, directory.Count);
        Assert.Empty(directory.List("/"));
    }

    [Theory]
    [InlineData("", "a path is required")]
    [InlineData("fs", "starts with '/'")]
    [InlineData("/a//b", "empty name")]
    [InlineData("/a/../b", "are not names")]
    [InlineData("/a b", "is not allowed")]
    public void BadPathsAreRefusedWithTheNamespacesWords(string path, string reason)
    {
        var directory = new ServiceDirectory();
        string refusal = directory.Register(path, 1, 1);
        Assert.Contains("bad path", refusal);
        Assert.Contains(reason, refusal);
        Assert.Equal(0, directory.Count);
    }

    [Fact]
    public void ANegativeKernelIsRefused() => Assert.Equal("no kernel -1", new ServiceDirectory().Register("/x", -1, 1));

    [Fact]
    public void OnlyTheRegisteringKernelRemovesAPath()
    {
        var directory = new ServiceDirectory();
        directory.Register("/dev/blk0", 2, 7);
        Assert.False(directory.Remove("/dev/blk0", 1));
        Assert.True(directory.TryResolve("/dev/blk0", out _));
        Assert.True(directory.Remove("/dev/blk0", 2));
        Assert.False(directory.Remove("/dev/blk0", 2));
        Assert.False(directory.Remove(null!, 2));
        Assert.Null(directory.Register("/dev/blk0", 1, 7));        // free again, for anyone
    }

    [Fact]
    public void PurgeTakesEverythingOfADeadKernelAndNothingElse()
    {
        var directory = new ServiceDirectory();
        directory.Register("/kernels/0", 0, 9);
        directory.Register("/kernels/1", 1, 9);
        directory.Register("/services/a", 1, 3);
        directory.Register("/services/b", 2, 3);
        directory.Register("/services/c", 1, 4);
        Assert.Equal(3, directory.Purge(1));
        Assert.Equal(new[] { "/kernels/0", "/services/b" }, directory.List("/").Select(e => e.Path));
        Assert.Equal(0, directory.Purge(1));
        Assert.Equal(0, directory.Purge(5));
    }

    [Fact]
    public void ListIsOrdinalAndPrefixesCoverWholeNames()
    {
        var directory = new ServiceDirectory();
        foreach (string path in new[] { "/services/b", "/fs", "/services/a", "/fs-test", "/Services/z", "/services" })
            Assert.Null(directory.Register(path, path.Length % 3, 1));
        Assert.Equal(new[] { "/Services/z", "/fs", "/fs-test", "/services", "/services/a", "/services/b" }, directory.List("/").Select(e => e.Path));
        Assert.Equal(new[] { "/services", "/services/a", "/services/b" }, directory.List("/services").Select(e => e.Path));
        Assert.Equal(new[] { "/fs" }, directory.List("/fs").Select(e => e.Path));
        Assert.Empty(directory.List("/dev"));
        Assert.Equal(directory.List("/fs")[0].Kernel, "/fs".Length % 3);
        Assert.Throws<ArgumentNullException>(() => directory.List(null!));
    }

    [Theory]
    [InlineData(1, 1, true)]
    [InlineData(0, 0, true)]
    [InlineData(1, 0, false)]
    [InlineData(0, 2, false)]
    public void ABindIsLocalExactlyWhenClientAndServiceShareAKernel(int service, int client, bool local)
        => Assert.Equal(local, ServiceDirectory.IsLocalBind(new DirectoryEntry("/s", service, 1), client));
}
