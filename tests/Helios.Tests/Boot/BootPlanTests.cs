// What init starts (src/Kernel/Boot/BootPlan.cs): several run= apps each with the arg= words after it, and init.conf
// lines with their expectations, the shipped init.conf included; a bad expectation is refused with its line.
using Helios.Kernel.Boot;
using Xunit;

namespace Helios.Tests.Boot;

public class BootPlanTests
{
    [Fact]
    public void EachRunAppTakesTheArgumentsAfterIt()
    {
        List<PlannedProcess> plan = BootPlan.FromCommandLine(new CommandLine("verbose run=tally arg=serve arg=\"/svc/t t\" run=hello run=wc arg=-l"));
        Assert.Equal(["tally", "hello", "wc"], plan.Select(p => p.App));
        Assert.Equal(["serve", "/svc/t t"], plan[0].Arguments);
        Assert.Empty(plan[1].Arguments);
        Assert.Equal(["-l"], plan[2].Arguments);
        Assert.All(plan, p => Assert.True(p.FromRunOption));
    }

    [Fact]
    public void ServeAppsAreServicesInitDoesNotWaitFor()
    {
        List<PlannedProcess> plan = BootPlan.FromCommandLine(new CommandLine("serve=virtioblk arg=serve arg=/dev/blk0 serve=fatfs arg=/dev/blk0 run=ls arg=/"));
        Assert.Equal(["virtioblk", "fatfs", "ls"], plan.Select(p => p.App));
        Assert.Equal(["serve", "/dev/blk0"], plan[0].Arguments);
        Assert.Equal([true, true, false], plan.Select(p => p.IsService));
        Assert.Equal(["/"], plan[2].Arguments);
        // Services alone start nothing to wait for: the boot configuration runs instead.
        Assert.Null(BootPlan.FromCommandLine(new CommandLine("serve=fatfs arg=/dev/blk0")));
    }

    [Fact]
    public void NoRunMeansTheConfiguration()
    {
        Assert.Null(BootPlan.FromCommandLine(new CommandLine("arg=stray verbose")));
    }

    [Fact]
    public void ConfigurationLinesCarryTheirExpectations()
    {
        List<PlannedProcess> plan = BootPlan.FromConfiguration("# comment\n\nhello a b\r\nexpect=4 hello w x y z\n  expect=killed crash null\nexpect=-1 wc\n", out string problem);
        Assert.Null(problem);
        Assert.Equal(["hello", "hello", "crash", "wc"], plan.Select(p => p.App));
        Assert.Equal(["a", "b"], plan[0].Arguments);
        Assert.True(plan[0].EndedAsExpected(killed: false, 0));
        Assert.False(plan[0].EndedAsExpected(killed: false, 2));
        Assert.False(plan[0].EndedAsExpected(killed: true, 0));
        Assert.True(plan[1].EndedAsExpected(killed: false, 4));
        Assert.False(plan[1].EndedAsExpected(killed: false, 0));
        Assert.Equal(["null"], plan[2].Arguments);
        Assert.True(plan[2].EndedAsExpected(killed: true, 0));
        Assert.False(plan[2].EndedAsExpected(killed: false, 0));
        Assert.Equal("killed", plan[2].Expected);
        Assert.True(plan[3].EndedAsExpected(killed: false, -1));
        Assert.All(plan, p => Assert.False(p.FromRunOption));
    }

    [Theory]
    [InlineData("hello\nexpect=four hello\n", "init.conf:2: 'expect=four' is not an expectation: expected expect=<exit code> or expect=killed before the app")]
    [InlineData("expect=99999999999 hello\n", "init.conf:1: 'expect=99999999999' is not an expectation")]
    [InlineData("expect=\n", "init.conf:1: 'expect=' is not an expectation")]
    [InlineData("\n\nexpect=killed\n", "init.conf:3: 'expect=killed' names no app")]
    public void ABadExpectationIsRefusedWithItsLine(string text, string expected)
    {
        Assert.Null(BootPlan.FromConfiguration(text, out string problem));
        Assert.StartsWith(expected, problem);
    }

    [Fact]
    public void TheShippedConfigurationExpectsWhatItsAppsDo()
    {
        List<PlannedProcess> plan = BootPlan.FromConfiguration(File.ReadAllText(Path.Combine(TestData.Repo.Root, "manifests", "init.conf")), out string problem);
        Assert.Null(problem);
        // hello returns its argument count.
        PlannedProcess hello = plan.Single(p => p.App == "hello");
        Assert.True(hello.EndedAsExpected(killed: false, hello.Arguments.Length));
    }
}
