// The stand-in contract catalog: names declared with "contract X", found past comments and string literals, with
// namespace-qualified names when the file declares a namespace.
using Helios.Manifests.Contracts;
using Xunit;

namespace Helios.Tests.Manifests;

public class ContractCatalogTests
{
    [Fact]
    public void FindsDeclaredContracts()
    {
        IReadOnlyList<string> names = ContractNameScanner.Scan("""
            // contract InLineComment {}
            /* contract InBlockComment {} */
            contract PingPong {
              in message Ping(int data);   // "contract" as a word in a comment
              state Start: Ping? -> Start;
            }
            contract Derived : PingPong { }
            message M(string s = "contract InString");
            """);
        Assert.Equal(["PingPong", "Derived"], names);
    }

    [Fact]
    public void QualifiesNamesWithTheFilesNamespace()
    {
        Assert.Equal(["Tcp", "Helios.Net.Tcp"], ContractNameScanner.Scan("namespace Helios.Net;\ncontract Tcp { }"));
        Assert.Equal(["Udp", "A.Udp"], ContractNameScanner.Scan("namespace A { contract Udp { } }"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("contract")]
    [InlineData("contract 9")]
    [InlineData("/* unterminated contract X")]
    [InlineData("\"unterminated contract Y")]
    [InlineData("namespace")]
    [InlineData("namespace . contract")]
    public void DegenerateInputDeclaresNothing(string source) => Assert.Empty(ContractNameScanner.Scan(source));

    [Fact]
    public void LoadsADirectoryRecursively()
    {
        ContractDirectoryCatalog catalog = ContractDirectoryCatalog.Load(TestData.Manifests("contracts"));
        foreach (string name in new[] { "PipeContract", "TcpContract", "Helios.Contracts.Net.TcpContract", "AntivirusContract", "MailStoreContract", "FileSystemContract" })
            Assert.True(catalog.Contains(name), name);
        Assert.False(catalog.Contains("Fake"));
        Assert.False(catalog.Contains("NotAContract"));
        Assert.Contains(TestData.Manifests("contracts"), catalog.Source);
    }

    [Fact]
    public void AMissingDirectoryIsAnError() =>
        Assert.Throws<DirectoryNotFoundException>(() => ContractDirectoryCatalog.Load(Path.Combine(TestData.Manifests("contracts"), "missing")));
}
