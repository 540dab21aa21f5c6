// helios setup: the install command keeps apt-get non-interactive under sudo, which resets the environment.
using Helios.Cli.Commands;
using Xunit;

namespace Helios.Tests.Cli;

public class SetupCommandTests
{
    [Fact]
    public void UnderSudoTheVariableComesAfterSudo()
    {
        string command = SetupCommand.InstallCommand(sudo: true, ["lld", "gcc"]);
        Assert.Contains("sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends lld gcc", command);
        Assert.DoesNotContain("DEBIAN_FRONTEND=noninteractive sudo", command);
        Assert.StartsWith("sudo apt-get update", command);
    }

    [Fact]
    public void AsRootThereIsNoSudo()
    {
        string command = SetupCommand.InstallCommand(sudo: false, ["qemu-system-arm"]);
        Assert.Equal("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-system-arm", command);
    }
}
