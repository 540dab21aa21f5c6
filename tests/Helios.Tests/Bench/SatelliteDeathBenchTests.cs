// satellite_death_detect (issue 15's target): on a numa2 machine under -icount, k1 hangs on purpose with interrupts
// masked, and the coordinator's watch must declare it dead within its timeout (500 ms, the default) + 2 ms of the
// coordinator's clock. -icount makes the figure repeat exactly, so the bound is the target itself.
using System.Text.RegularExpressions;
using Helios.Tests.Cli;
using Xunit;

namespace Helios.Tests.Bench;

public class SatelliteDeathBenchTests
{
    [Theory]
    [InlineData("x86_64")]
    [InlineData("arm64")]
    public void AHungSatelliteIsDeclaredDeadWithinItsTimeoutAndTwoMilliseconds(string isa)
    {
        (int code, string output) = HeliosCommandTests.Run("bench", "kernel", "-c", TestData.Configuration, "--arch", isa, "--no-build",
            "--topology", "numa2", "--cases", "satellite_death_detect");
        Assert.True(code == 0, output);
        Match result = Regex.Match(output, @"RESULT name=satellite_death_detect unit=us median=(\d+) min=\d+ iters=1 .*timeout_ms=500");
        Assert.True(result.Success, output);
        long micros = long.Parse(result.Groups[1].Value);
        Assert.InRange(micros, 500_000, 502_000);
    }
}
