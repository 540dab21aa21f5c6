// The namespace policy's pure part (src/Kernel/Manifests/ServiceProviderRules.cs, which the kernel runs for every
// registration a process makes): a declared <serviceProvider> path with its contract is allowed, and nothing else.
using Helios.Kernel.Manifests;
using Helios.Manifests;
using Xunit;

namespace Helios.Tests.Manifests;

public class ServiceProviderRulesTests
{
    private static ApplicationManifest Load(string endpoints)
    {
        ManifestLoadResult result = new ManifestLoader().LoadText(
            "<application name=\"fileserver\"><endpoints>" + endpoints + "</endpoints></application>", "test.xml");
        Assert.True(result.IsValid, string.Join("\n", result.Diagnostics));
        return result.Manifest!;
    }

    private static readonly ApplicationManifest Files = Load("""
        <serviceProvider id="0" contractName="FileContract" path="/fs" />
        <serviceProvider id="1" contractName="Helios.Contracts.TcpContract" path="/services/tcp" />
        <endpoint id="2" contractName="PingPongContract" path="/services/ping" />
        """);

    [Theory]
    [InlineData("/fs", "FileContract")]
    [InlineData("/services/tcp", "TcpContract")]            // a namespace-qualified contractName names the same contract
    public void ADeclaredPathAndContractMayBeRegistered(string path, string contract)
        => Assert.Null(ServiceProviderRules.MayRegister(Files, path, contract));

    [Fact]
    public void AnUndeclaredPathIsRefusedNamingWhatIsDeclared()
    {
        Assert.Equal("the manifest of app \"fileserver\" declares no <serviceProvider> with path=\"/fs2\" (it declares "
            + "/fs (FileContract), /services/tcp (Helios.Contracts.TcpContract))",
            ServiceProviderRules.MayRegister(Files, "/fs2", "FileContract"));
    }

    [Theory]
    [InlineData("/fs/sub")]                                  // a declaration is a path, not a prefix
    [InlineData("/FS")]                                      // paths are case-sensitive
    [InlineData("/services/ping")]                           // an <endpoint> is a service the app uses, not one it provides
    [InlineData("/services/fileserver")]                     // the default path only stands in for a serviceProvider without one
    public void OtherPathsAreRefused(string path)
        => Assert.Contains("declares no <serviceProvider> with path=\"" + path + "\"", ServiceProviderRules.MayRegister(Files, path, "FileContract"));

    [Theory]
    [InlineData("/fs", "PipeContract", "FileContract")]
    [InlineData("/fs", "Contract", "FileContract")]          // the end of a name is not the name
    [InlineData("/services/tcp", "Contracts.TcpContract", "Helios.Contracts.TcpContract")]
    [InlineData("/services/tcp", "XTcpContract", "Helios.Contracts.TcpContract")]
    public void ADeclaredPathOfAnotherContractIsRefused(string path, string contract, string declared)
    {
        Assert.Equal("the manifest of app \"fileserver\" declares the <serviceProvider> at " + path + " with contractName=\""
            + declared + "\", not " + contract, ServiceProviderRules.MayRegister(Files, path, contract));
    }

    [Fact]
    public void AServiceProviderWithoutAPathProvidesTheDefaultOne()
    {
        ApplicationManifest manifest = Load("""<serviceProvider id="0" contractName="PingPongContract" />""");
        Assert.Null(ServiceProviderRules.MayRegister(manifest, "/services/fileserver", "PingPongContract"));
        // A model built by hand (or decoded) with no path means the same.
        var bare = new ApplicationManifest("bare");
        bare.Endpoints.Add(new ManifestEndpoint(EndpointKind.ServiceProvider, 0, 0, "PingPongContract", null));
        Assert.Null(ServiceProviderRules.MayRegister(bare, "/services/bare", "PingPongContract"));
        Assert.NotNull(ServiceProviderRules.MayRegister(bare, "/services/other", "PingPongContract"));
    }

    [Fact]
    public void AManifestWithoutServiceProvidersRegistersNothing()
    {
        Assert.Equal("the manifest of app \"plain\" declares no <serviceProvider> with path=\"/services/plain\" (it declares none)",
            ServiceProviderRules.MayRegister(new ApplicationManifest("plain"), "/services/plain", "PingPongContract"));
    }
}
