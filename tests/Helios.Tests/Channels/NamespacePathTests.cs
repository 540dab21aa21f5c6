// Namespace paths (src/Satellite/Namespace/NamespacePath.cs, the kernels' own code on the CLR): what is a valid path
// and what a prefix covers.
using Helios.Satellite.Namespace;
using Xunit;

namespace Helios.Tests.Channels;

public sealed class NamespacePathTests
{
    [Theory]
    [InlineData("/fs")]
    [InlineData("/dev/nic0")]
    [InlineData("/services/ping")]
    [InlineData("/a.b_c-d/E9")]
    [InlineData("/...")]
    public void ValidPaths(string path) => Assert.Null(NamespacePath.Check(path));

    [Theory]
    [InlineData("", "required")]
    [InlineData(null, "required")]
    [InlineData("fs", "starts with '/'")]
    [InlineData("/", "root")]
    [InlineData("/fs/", "empty name at 4")]
    [InlineData("//fs", "empty name at 1")]
    [InlineData("/a/./b", "'.' and '..'")]
    [InlineData("/a/..", "'.' and '..'")]
    [InlineData("/a b", "' ' at 2")]
    [InlineData("/caf\u00e9", "is not allowed")]
    public void InvalidPathsSayWhy(string path, string reason) => Assert.Contains(reason, NamespacePath.Check(path));

    [Fact]
    public void TooLong()
    {
        Assert.Null(NamespacePath.Check("/" + new string('a', NamespacePath.MaxLength - 1)));
        Assert.Contains("at most 255", NamespacePath.Check("/" + new string('a', NamespacePath.MaxLength)));
    }

    [Theory]
    [InlineData("/dev/nic0", "/dev", true)]
    [InlineData("/dev", "/dev", true)]
    [InlineData("/device", "/dev", false)]
    [InlineData("/fs", "/", true)]
    [InlineData("/dev", "/dev/nic0", false)]
    public void PrefixesCoverWholeNames(string path, string prefix, bool under) => Assert.Equal(under, NamespacePath.IsUnder(path, prefix));
}
