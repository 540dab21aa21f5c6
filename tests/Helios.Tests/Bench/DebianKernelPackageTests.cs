// Resolving Debian's kernel metapackage from apt-cache's output (captured from Debian 12).
using Helios.Tooling;
using Helios.Tooling.Bench.Linux;
using Xunit;

namespace Helios.Tests.Bench;

public class DebianKernelPackageTests
{
    [Fact]
    public void FindsTheExactPackageAndVersionAMetapackagePins()
        => Assert.Equal(("linux-image-6.1.0-56-arm64", "6.1.192-2"), DebianKernelPackage.ParseMetapackage(
            "Package: linux-image-arm64\nSource: linux-signed-arm64 (6.1.192+2)\nVersion: 6.1.192-2\nArchitecture: arm64\n" +
            "Depends: linux-image-6.1.0-56-arm64 (= 6.1.192-2)\nDescription: Linux for 64-bit ARMv8 machines (meta-package)\n"));

    [Fact]
    public void AnUnpinnedDependencyHasNoVersion()
        => Assert.Equal(("linux-image-6.1.0-56-amd64", null), DebianKernelPackage.ParseMetapackage("Package: linux-image-amd64\nDepends: linux-image-6.1.0-56-amd64\n"));

    [Fact]
    public void SkipsDependenciesThatAreNotAKernel()
        => Assert.Equal(("linux-image-6.1.0-56-amd64", "6.1.192-2"),
            DebianKernelPackage.ParseMetapackage("Depends: linux-base (>= 4.3~), initramfs-tools | linux-image-6.1.0-56-amd64:amd64 (= 6.1.192-2)\n"));

    [Fact]
    public void OnlyTheFirstStanzaCounts()
        => Assert.Null(DebianKernelPackage.ParseMetapackage("Depends: linux-base\n\nDepends: linux-image-5.10.0-1-amd64\n"));

    [Fact]
    public void NoKernelDependencyIsNull()
        => Assert.Null(DebianKernelPackage.ParseMetapackage("N: Unable to locate package linux-image-arm64\n"));

    [Fact]
    public void ReadsTheVersionField()
        => Assert.Equal("6.1.192-2", DebianKernelPackage.ParseVersion("Package: linux-image-6.1.0-56-arm64\nSource: linux-signed-arm64 (6.1.192+2)\nVersion: 6.1.192-2\nArchitecture: arm64\n"));

    [Fact]
    public void NoVersionFieldIsNull() => Assert.Null(DebianKernelPackage.ParseVersion("N: Unable to locate package linux-image-9\n"));

    [Fact]
    public void TargetsNameDebiansArchitectures()
    {
        Assert.Equal(("linux-image-amd64", "gcc", "ttyS0"), (LinuxBenchTarget.For(Isa.X86_64).Metapackage, LinuxBenchTarget.For(Isa.X86_64).Gcc, LinuxBenchTarget.For(Isa.X86_64).Console));
        var arm = LinuxBenchTarget.For(Isa.Arm64);
        Assert.Equal(("linux-image-arm64:arm64", "aarch64-linux-gnu-g++", "ttyAMA0"), (arm.Qualified(arm.Metapackage), arm.Gxx, arm.Console));
    }
}
