// The portable rules (src/Kernel/Manifests/ManifestRules.cs, ByteSize.cs) value by value, at and around every bound.
using Helios.Kernel.Manifests;
using Xunit;

namespace Helios.Tests.Manifests;

public class ManifestRulesTests
{
    [Theory]
    [InlineData("0", 0UL)]
    [InlineData("65536", 65536UL)]
    [InlineData("64K", 64UL << 10)]
    [InlineData("64k", 64UL << 10)]
    [InlineData("16M", 16UL << 20)]
    [InlineData("16m", 16UL << 20)]
    [InlineData("1G", 1UL << 30)]
    [InlineData("0016M", 16UL << 20)]
    [InlineData("18446744073709551615", ulong.MaxValue)]
    [InlineData("17179869183G", 17179869183UL << 30)]
    public void SizesParse(string text, ulong bytes)
    {
        Assert.True(ByteSize.TryParse(text, out ulong parsed));
        Assert.Equal(bytes, parsed);
    }

    [Theory]
    [InlineData("")]
    [InlineData("M")]
    [InlineData("16MB")]
    [InlineData("16 M")]
    [InlineData(" 16M")]
    [InlineData("-1")]
    [InlineData("+1")]
    [InlineData("1.5M")]
    [InlineData("16T")]
    [InlineData("18446744073709551616")]
    [InlineData("17179869184G")]
    [InlineData("123456789012345678901")]
    public void NonSizesDoNotParse(string text) => Assert.False(ByteSize.TryParse(text, out _));

    [Theory]
    [InlineData(0UL, "0")]
    [InlineData(1536UL, "1536")]
    [InlineData(2048UL, "2K")]
    [InlineData(3UL << 20, "3M")]
    [InlineData((1UL << 30) + (1UL << 20), "1025M")]
    [InlineData(16UL << 30, "16G")]
    public void SizesFormatExactly(ulong bytes, string text)
    {
        Assert.Equal(text, ByteSize.Format(bytes));
        Assert.True(ByteSize.TryParse(text, out ulong back));
        Assert.Equal(bytes, back);
    }

    [Theory]
    [InlineData("a", true)]
    [InlineData("_", true)]
    [InlineData("Tcp.Test-2_b", true)]
    [InlineData("A234567890123456789012345678901234567890123456789012345678901234", true)]
    [InlineData("A2345678901234567890123456789012345678901234567890123456789012345", false)]
    [InlineData("", false)]
    [InlineData("9lives", false)]
    [InlineData(".hidden", false)]
    [InlineData("-x", false)]
    [InlineData("a b", false)]
    [InlineData("a/b", false)]
    [InlineData("caf\u00E9", false)]
    public void Names(string name, bool valid) => Assert.Equal(valid, ManifestRules.CheckName(name) is null);

    [Theory]
    [InlineData("X", true)]
    [InlineData("Helios.Contracts.TcpContract", true)]
    [InlineData("_a._b9", true)]
    [InlineData("", false)]
    [InlineData(".X", false)]
    [InlineData("X.", false)]
    [InlineData("A..B", false)]
    [InlineData("A.9B", false)]
    [InlineData("A-B", false)]
    [InlineData("A<T>", false)]
    public void ContractNames(string name, bool valid) => Assert.Equal(valid, ManifestRules.CheckContractName(name) is null);

    [Theory]
    [InlineData("/a", true)]
    [InlineData("/services/tcp", true)]
    [InlineData("/a.b/c-d/_e/.f", true)]
    [InlineData("", false)]
    [InlineData("/", false)]
    [InlineData("a", false)]
    [InlineData("/a/", false)]
    [InlineData("//a", false)]
    [InlineData("/a//b", false)]
    [InlineData("/./a", false)]
    [InlineData("/a/..", false)]
    [InlineData("/a b", false)]
    public void Paths(string path, bool valid) => Assert.Equal(valid, ManifestRules.CheckPath(path) is null);

    [Fact]
    public void LongPathsAreRefused()
    {
        Assert.Null(ManifestRules.CheckPath("/" + new string('a', 255)));
        Assert.NotNull(ManifestRules.CheckPath("/" + new string('a', 256)));
    }

    [Theory]
    [InlineData(-100, true)]
    [InlineData(100, true)]
    [InlineData(0, true)]
    [InlineData(-101, false)]
    [InlineData(101, false)]
    [InlineData(int.MinValue, false)]
    public void Affinities(int value, bool valid) => Assert.Equal(valid, ManifestRules.CheckAffinity(value) is null);

    [Theory]
    [InlineData(1, true)]
    [InlineData(100, true)]
    [InlineData(0, false)]
    [InlineData(-1, false)]
    [InlineData(101, false)]
    public void PlatformAffinities(int value, bool valid) => Assert.Equal(valid, ManifestRules.CheckPlatformAffinity(value) is null);

    [Theory]
    [InlineData("", true)]
    [InlineData("tab\tnewline\ncr\r", true)]
    [InlineData("\U0001F600", true)]
    [InlineData("nul\0", false)]
    [InlineData("bell\a", false)]
    [InlineData("\uFFFF", false)]
    public void Arguments(string value, bool valid) => Assert.Equal(valid, ManifestRules.CheckArgument(value) is null);

    /// <summary>Unpaired surrogates cannot be encoded as UTF-8 (and do not survive xunit's theory data, hence a fact).</summary>
    [Fact]
    public void UnpairedSurrogatesAreRefused()
    {
        Assert.NotNull(ManifestRules.CheckArgument("\uD800"));
        Assert.NotNull(ManifestRules.CheckArgument("x\uDC00"));
        Assert.NotNull(ManifestRules.CheckArgument("\uDC00\uD800"));
        Assert.Null(ManifestRules.CheckArgument("\uD83D\uDE00"));
    }

    [Fact]
    public void ArgumentsAreBounded()
    {
        Assert.Null(ManifestRules.CheckArgument(new string('x', 4096)));
        Assert.NotNull(ManifestRules.CheckArgument(new string('x', 4097)));
    }

    [Fact]
    public void ValidateChecksTheWholeModel()
    {
        Assert.Null(ManifestRules.Validate(ManifestBlobTests.Full()));
        Assert.Null(ManifestRules.Validate(new ApplicationManifest("Hello")));

        ApplicationManifest m = ManifestBlobTests.Full();
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.InputPipe, 9, 0, "PipeContract", null));
        Assert.Equal("a process has one inputPipe; this manifest has two", ManifestRules.Validate(m));

        m = ManifestBlobTests.Full();
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, 9, 0, "X", null));
        Assert.Equal("serviceProvider 9: a serviceProvider needs the path it is advertised at", ManifestRules.Validate(m));

        m = ManifestBlobTests.Full();
        m.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, 9, 0, "X", "/services/antivirus"));
        Assert.Equal("serviceProvider 9: path /services/antivirus is advertised twice", ManifestRules.Validate(m));

        m = ManifestBlobTests.Full();
        for (int i = 0; i < 15; i++) m.Platforms.Add(new PlatformPreference("p" + i, 1));
        Assert.Equal("17 platforms: at most 16 are allowed", ManifestRules.Validate(m));

        m = new ApplicationManifest("Hello") { StackSize = 1 };
        Assert.Equal("stack size 1: expected a size from 16K to 16M", ManifestRules.Validate(m));
    }
}
